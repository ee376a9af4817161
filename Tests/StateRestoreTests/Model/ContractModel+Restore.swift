import StateRestore

extension ContractModel {
    /// How a stored record decodes for this build ("Compatibility across releases").
    enum Reading {
        case decoded(ModelNote, codes: [String], carried: Carried)
        case newerUndecodable
        case unsupported
        case unreadable
    }

    static func reading(_ record: Record) -> Reading {
        switch record.body {
        case .fields(let note, let extra):
            if record.version > ModelNote.currentVersion {
                // Read through its minReaderVersion: its format and unknown fields are carried.
                let format = (version: record.version, minReaderVersion: record.minReaderVersion ?? record.version)
                return .decoded(note, codes: ["record-newer-read"], carried: Carried(extra: extra, newerFormat: format))
            }
            return .decoded(note, codes: [], carried: Carried(extra: extra))
        case .raw(_, let build, let older):
            switch build {
            case .older: return .decoded(older, codes: ["record-upgraded", "defaults-applied"], carried: .none)
            case .newerReadable: return .unreadable  // never raw
            case .newerUndecodable: return .newerUndecodable
            case .unsupported: return .unsupported
            case .corrupt: return .unreadable
            }
        }
    }

    /// `StateRestorer.restore(_:_:against:)`: never throws; the default state and a report
    /// saying why at worst; a record it cannot read moves to the quarantine, a newer one stays.
    ///
    /// With `storageRefuses`, the restore as it goes when the storage refuses its writes
    /// (``refusedByStorage(_:)``): its launch's crash check leaves the records it blames in place
    /// (``checkCrashes(_:_:storageRefuses:)``), and a record it cannot read stays where it is,
    /// the report saying so as the move would.
    mutating func restore(_ r: Int, _ slot: Slot, storageRefuses: Bool = false) -> Outcome {
        reopenIfWritable(r)
        var restorer = restorers[r]
        defer { restorers[r] = restorer }
        var note = ModelNote.defaultValue
        var codes: [String] = []
        var carried = Carried.none
        var sighting = Sighting()
        restorer.lastMarked = nil
        if restorer.isClosed {
            // Closed: "later restores answer defaults", and a restoration says why (at worst the
            // default state and a report of why): the file was not read.
            codes = ["database-unavailable"]
            sighting.isUnseen = true
        } else if restorer.isSuspended {
            codes = ["restorer-suspended"]
            sighting.isUnseen = true
        } else if restorer.isOrphaned {
            // Its file was removed: the restore lets go of the connection (or reopening the
            // path finds another file) and answers the default state saying why.
            codes = ["database-unavailable"]
            sighting.isUnseen = true
            restorer.holdsRemovedFileConnection = false
        } else {
            sighting.generation = generation(slot.account)
            sighting.discardEpoch = discardEpoch
            // Reading the account again is signing back in, for every restorer of its process.
            if restorer.isChild { restorer.signedOut[slot.account] = nil } else { signedOutHere[slot.account] = nil }
            if checkCrashes(&restorer, slot, storageRefuses: storageRefuses) {
                codes = ["restore-crashed"]
            } else if let record = records[slot] {
                // A reader notes no use: it never writes.
                if now - record.updatedAt > Self.day && !restorer.readsOnly { restorer.uses[slot] = now }
                if now - record.updatedAt > Double(ModelNote.expirySeconds) {
                    codes = ["record-expired"]
                } else {
                    switch Self.reading(record) {
                    case .decoded(let decoded, let readCodes, let readCarried):
                        (note, codes, carried) = (decoded, readCodes, readCarried)
                        // A reader makes no crash-loop mark: nothing to complete or blame.
                        if !restorer.readsOnly {
                            restorer.lastMarked = Blamed(slot, record)
                            restorer.uncompleted.insert(slot)
                        }
                        if !restorer.isChild {
                            let reconciled = note.reconciled(against: items)
                            note = reconciled.state
                            codes += reconciled.adjustments.map(\.code.rawValue)
                        }
                    case .newerUndecodable:
                        codes = ["record-newer-unreadable"]
                    case .unsupported:
                        codes = ["unsupported-version"]
                    case .unreadable:
                        codes = ["record-unreadable"]
                        // A reader says a launch would quarantine it, and leaves it in place; so
                        // does a restore whose move the storage refuses.
                        guard case .raw(let text, _, _) = record.body, !restorer.readsOnly, !storageRefuses else { break }
                        quarantine.append(Quarantined(slot: slot, payload: text, version: record.version, updatedAt: record.updatedAt, body: nil))
                        records[slot] = nil
                    }
                }
            } else {
                codes = ["no-record"]
            }
        }
        if !restorer.isClosed && !restorer.isSuspended && !restorer.isOrphaned { codes = restorer.reportPrefix + codes }
        restorer.restored.insert(slot)
        restorer.carried[slot] = carried.isEmpty ? nil : carried
        if sighting.generation == nil { (sighting.generation, sighting.discardEpoch) = (restorer.sightings[slot]?.generation, restorer.sightings[slot]?.discardEpoch) }
        restorer.sightings[slot] = sighting
        restorer.restorations[slot] = (note, carried, sighting)
        restorer.noteUse(of: slot, inProcess: &scenesInUse)
        return .restored(note, codes: codes, carried: carried)
    }
}
