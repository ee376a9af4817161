/// Loads zones for several screens, sharing one in-flight load among them.
///
/// The shared load is not owned by any one caller: a screen that stops waiting (its task is
/// cancelled or its binder goes away) does not cancel the load other screens are waiting for.
@MainActor
public final class SharedZoneCatalog {
    private let service: any ZoneCatalogService
    private var inFlight: Task<[ZoneChoice], any Error>?

    /// The number of service loads started so far.
    public private(set) var startedLoadCount = 0

    /// Creates a catalog over a service.
    public init(service: any ZoneCatalogService) {
        self.service = service
    }

    /// Joins the load in flight, or starts one if none is.
    public func zones() async throws -> [ZoneChoice] {
        try await result(of: inFlight ?? startLoad())
    }

    /// Starts a new load that later ``zones()`` calls join, and waits for it.
    public func refreshedZones() async throws -> [ZoneChoice] {
        try await result(of: startLoad())
    }

    private func startLoad() -> Task<[ZoneChoice], any Error> {
        startedLoadCount += 1
        let service = service
        let task = Task { try await service.loadZones() }
        inFlight = task
        return task
    }

    private func result(of task: Task<[ZoneChoice], any Error>) async throws -> [ZoneChoice] {
        // Awaiting an unstructured task's result does not forward this caller's cancellation.
        let result = await task.result
        if inFlight == task { inFlight = nil }
        return try result.get()
    }
}
