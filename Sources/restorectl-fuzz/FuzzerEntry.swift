/// The target chosen on the command line, read by the fuzzer callback.
nonisolated(unsafe) var selectedTarget = FuzzTarget.record

/// Runs one fuzzer input through the selected target.
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    selectedTarget.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

#if FUZZING
    /// libFuzzer's entry point; the driver below is what actually runs, but the runtime requires it.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func llvmFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        fuzzOneInput(data, size)
    }

    @_silgen_name("LLVMFuzzerRunDriver")
    func runLibFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32
#endif
