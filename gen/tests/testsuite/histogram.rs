//! Breadth: over 2,000 generated programs every feature the generator must
//! reach (`gen::Feature::all()`) appears at least once. Prints the histogram.

use gen::features::histogram;
use gen::{from_seed, Feature};

#[test]
fn every_feature_appears_in_two_thousand_programs() {
    let progs: Vec<spec::Prog> = (0..2000u64)
        .map(|seed| from_seed(seed, 10 + (seed % 60) as usize))
        .collect();
    let h = histogram(&progs);
    eprintln!("feature histogram over {} programs:", progs.len());
    for (f, n) in &h {
        eprintln!("  {n:5}  {f:?}");
    }
    let missing: Vec<Feature> = Feature::all().into_iter().filter(|f| h[f] == 0).collect();
    assert!(missing.is_empty(), "features never generated: {missing:?}");
    assert_eq!(
        h.len(),
        Feature::all().len() + Feature::opt_patterns().len(),
        "every required feature and every optimiser pattern is counted"
    );
}

#[test]
fn features_are_read_off_the_syntax() {
    let src = spec::Source::new(
        "f.ll",
        r#"
%node = type { i64, %node* }
@n = global %node { i64 1, %node* @n }
@s = global [3 x i8] c"hi\00"
declare void @ll_puts(i8*)
define void @f(i64 %d) {
  %c = icmp sle i64 %d, 0
  br i1 %c, label %done, label %more
more:
  %d1 = sub i64 %d, 1
  call void @f(i64 %d1)
  br label %done
done:
  ret void
}
define i64 @main() {
  %p = getelementptr %node, %node* @n, i64 0, i32 0
  %x = load i64, i64* %p
  call void @f(i64 3)
  %s = getelementptr [3 x i8], [3 x i8]* @s, i64 0, i64 0
  call void @ll_puts(i8* %s)
  ret i64 %x
}
"#,
    );
    let p = spec::parse(&src).expect("parses");
    let fs = gen::features(&p);
    for f in [
        Feature::NamedType,
        Feature::RecursiveType,
        Feature::GlobalStruct,
        Feature::GlobalInt,
        Feature::GlobalPtrToGlobal,
        Feature::GlobalString,
        Feature::GepStructConst,
        Feature::Load(gen::features::SimpleKind::I64),
        Feature::IcmpI64(spec::Cnd::Sle),
        Feature::Binop(spec::Bop::Sub),
        Feature::DirectCall,
        Feature::SelfRecursion,
        Feature::VoidFunction,
        Feature::RuntimePuts,
    ] {
        assert!(fs.contains(&f), "{f:?} should be found");
    }
    for f in [
        Feature::Loop,
        Feature::MutualRecursion,
        Feature::GepAfterBitcast,
        Feature::GlobalNull,
        Feature::UsesArgc,
    ] {
        assert!(!fs.contains(&f), "{f:?} is not there");
    }
}
