#if FUZZING
    // `.ci/fuzz` passes `-sanitize=fuzzer` to every Swift target, and SwiftPM applies it to this
    // build tool too. The libFuzzer runtime then requires this symbol even though the tool's own
    // `main` runs; it is never called.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func unusedFuzzerEntryPoint(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { 0 }
#endif
