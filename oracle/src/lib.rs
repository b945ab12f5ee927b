//! The LLVMlite abstract machine (being built): an executable transcription of
//! the spec's `interp_call` and `interp_cfg`.
