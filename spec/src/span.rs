//! Source positions: byte spans into a source text and the line/column map.

use std::hash::{Hash, Hasher};

/// A byte range `lo..hi` in the source text a node was parsed from.
///
/// Spans never take part in equality or hashing: two spans always compare
/// equal, so `parse(print(p)) == p` holds although the printed text puts
/// every node elsewhere. Generated programs use [`Span::DUMMY`].
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Clone, Copy, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Span {
    /// First byte.
    pub lo: u32,
    /// One past the last byte.
    pub hi: u32,
}

impl Span {
    /// The span of a node that has no source text (generated programs).
    pub const DUMMY: Span = Span { lo: 0, hi: 0 };

    /// The span `lo..hi`.
    pub fn new(lo: usize, hi: usize) -> Span {
        Span {
            lo: lo.min(u32::MAX as usize) as u32,
            hi: hi.min(u32::MAX as usize) as u32,
        }
    }

    /// True for the span of a node with no source text.
    pub fn is_dummy(self) -> bool {
        self.lo == 0 && self.hi == 0
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }
}

impl PartialEq for Span {
    fn eq(&self, _: &Span) -> bool {
        true
    }
}

impl Eq for Span {}

impl Hash for Span {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

/// A named source text and the start of each of its lines, to turn byte
/// offsets into 1-based line and column numbers.
#[derive(Clone, Debug)]
pub struct Source {
    /// The file name shown in diagnostics.
    pub name: String,
    /// The text.
    pub text: String,
    line_starts: Vec<usize>,
}

impl Source {
    /// A source called `name` with contents `text`.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Source {
        let text = text.into();
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Source {
            name: name.into(),
            text,
            line_starts,
        }
    }

    /// The 1-based (line, column) of byte offset `pos`; the column counts characters.
    pub fn line_col(&self, pos: u32) -> (u32, u32) {
        let pos = (pos as usize).min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= pos) - 1;
        let start = self.line_starts[line];
        let col = self
            .text
            .get(start..pos)
            .map_or(pos - start, |s| s.chars().count());
        (line as u32 + 1, col as u32 + 1)
    }

    /// The text of 1-based line `line`, without its newline.
    pub fn line_text(&self, line: u32) -> &str {
        let i = (line as usize).saturating_sub(1);
        let Some(&start) = self.line_starts.get(i) else {
            return "";
        };
        let end = self
            .line_starts
            .get(i + 1)
            .map_or(self.text.len(), |&e| e - 1);
        self.text
            .get(start..end)
            .unwrap_or("")
            .trim_end_matches('\r')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one() {
        let s = Source::new("f.ll", "ab\ncd\n\nx");
        assert_eq!(s.line_col(0), (1, 1));
        assert_eq!(s.line_col(1), (1, 2));
        assert_eq!(s.line_col(3), (2, 1));
        assert_eq!(s.line_col(7), (4, 1));
        assert_eq!(s.line_text(2), "cd");
        assert_eq!(s.line_text(3), "");
        assert_eq!(s.line_text(9), "");
    }

    #[test]
    fn spans_never_distinguish_nodes() {
        assert_eq!(Span::new(1, 2), Span::new(5, 9));
    }
}
