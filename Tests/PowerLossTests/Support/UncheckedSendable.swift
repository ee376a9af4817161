/// A value handed to a `@Sendable` test hook that runs, in fact, on the thread that installed
/// it (a hook the library calls synchronously from the test's own call).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
