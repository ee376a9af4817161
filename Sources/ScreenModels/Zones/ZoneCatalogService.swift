/// Loads the zones available to choose from; may fail.
public protocol ZoneCatalogService: Sendable {
    /// Returns the available zones in display order.
    func loadZones() async throws -> [ZoneChoice]
}
