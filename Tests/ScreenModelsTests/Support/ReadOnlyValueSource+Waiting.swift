import ScreenModels

/// Watches a source for a publication that satisfies a condition, ignoring the replay of the
/// current value, so a wait ends only on a write the code under test makes.
///
/// Observation starts synchronously in ``ReadOnlyValueSource/watchForPublication(where:)``,
/// before the code under test runs, so no publication can slip past between starting it and
/// waiting. Wrap ``wait()`` in `bounded(_:within:sourceLocation:_:)`.
@MainActor
final class PublicationWatch<Value> {
    private var lifetime: BindingLifetime?
    private var isSeen = false
    private var isReplaying = true
    private var waiter: CheckedContinuation<Void, Never>?

    init(_ source: ReadOnlyValueSource<Value>, where condition: @escaping @MainActor (Value) -> Bool) {
        lifetime = source.observe { [weak self] value in
            guard let self, !self.isReplaying, !self.isSeen, condition(value) else { return }
            self.isSeen = true
            self.waiter?.resume()
            self.waiter = nil
            self.lifetime?.cancel()
        }
        isReplaying = false
    }

    /// Returns once a matching value has been published since the watch started.
    func wait() async {
        guard !isSeen else { return }
        await withCheckedContinuation { waiter = $0 }
    }
}

extension ReadOnlyValueSource {
    /// Starts watching for the next published value satisfying `condition`.
    func watchForPublication(where condition: @escaping @MainActor (Value) -> Bool) -> PublicationWatch<Value> {
        PublicationWatch(self, where: condition)
    }
}
