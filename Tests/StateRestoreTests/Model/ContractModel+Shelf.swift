import StateRestore

extension ContractModel {
    /// How many snapshots of a shelf are kept (`StateRestorer.shelfSnapshotsKept`).
    static let shelfSnapshotsKept = 3

    /// `saveShelf(_:shelf:account:)` of a snapshot whose query is `query`: through the write
    /// gate, fenced at the generation the shelf's latest restore captured (never restored: the
    /// one its first save finds), the last few kept.
    mutating func saveShelf(_ r: Int, _ account: String, _ query: String) -> Outcome {
        guard !restorers[r].isClosed, !restorers[r].isSuspended else { return .threw("databaseUnusable") }
        reopenIfWritable(r)
        var sighting = restorers[r].shelfSightings[account] ?? Sighting()
        if sighting.generation == nil, let fence = signOutFence(r, account) {
            sighting.generation = fence
        } else if sighting.generation == nil {
            sighting.generation = generation(account)
            restorers[r].shelfSightings[account] = sighting
        }
        if let fence = sighting.generation, generation(account) > fence { return .threw("accountSignedOut") }
        shelves[account, default: []].append(query)
        shelves[account] = Array(shelves[account]!.suffix(Self.shelfSnapshotsKept))
        return .done
    }

    /// `restoreShelf(_:account:)`: the newest snapshot's query, or none; captures the
    /// account's generation for the shelf's saves.
    mutating func restoreShelf(_ r: Int, _ account: String) -> Outcome {
        guard !restorers[r].isClosed, !restorers[r].isSuspended else {
            // Nothing read, and the report says why; the shelf's saves keep the fence they had.
            let kept = restorers[r].shelfSightings[account]?.generation
            restorers[r].shelfSightings[account] = Sighting(generation: kept, isUnseen: true)
            let why = restorers[r].isClosed ? "database-unavailable" : "restorer-suspended"
            return .restored(ModelNote(title: "-", selected: nil, pinned: false), codes: [why], carried: .none)
        }
        reopenIfWritable(r)
        restorers[r].shelfSightings[account] = Sighting(generation: generation(account))
        signedBackIn(r, account)
        let newest = shelves[account]?.last
        return .restored(
            ModelNote(title: newest ?? "-", selected: nil, pinned: false), codes: restorers[r].reportPrefix + (newest == nil ? ["no-record"] : []), carried: .none)
    }
}
