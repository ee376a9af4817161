import ScreenModels

extension ValueSource {
    /// Suspends until the source holds a value satisfying `condition`, observed through the
    /// source itself rather than by polling.
    func waitUntil(_ condition: @escaping @MainActor (Value) -> Bool) async {
        var lifetime: BindingLifetime?
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            var resumed = false
            lifetime = observe { value in
                guard !resumed, condition(value) else { return }
                resumed = true
                continuation.resume()
            }
        }
        lifetime?.cancel()
    }
}
