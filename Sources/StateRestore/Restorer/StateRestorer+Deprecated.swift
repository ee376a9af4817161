import JSON

extension StateRestorer {
    /// Saves `state` for `key`, carrying `fields`.
    @available(*, deprecated, message: "use save(_:for:replacingNewer:); the restorer carries the unknown fields of the screen's last restore itself")
    public func save<State: RestorableState>(
        _ state: State, for key: SceneKey, carrying fields: JSONObject, replacingNewer: Bool = false
    ) throws {
        try save(state, for: key, carryingExactly: fields, replacingNewer: replacingNewer)
    }

    /// Saves the state a restoration produced after the screen changed it.
    @available(*, deprecated, message: "use save(_:for:) with the restoration's key, or persist(_:from:) to save on every change")
    public func save<State: RestorableState>(_ state: State, from restoration: Restoration<State>) throws {
        try save(state, for: restoration.key, carryingExactly: restoration.carriedFields, replacingNewer: false)
    }

    /// Clears the crash-loop mark of `key`'s restore of `kind`.
    @available(*, deprecated, message: "use completeRestore(_:) with the restoration, or persist it, which completes it")
    @discardableResult
    public func completeRestore(_ key: SceneKey, kind: String) -> Bool {
        let screen = ScreenKey(scene: key, kind: kind)
        restoring.withLock { _ = $0.markedScreens.insert(screen) }
        return complete(screen)
    }
}
