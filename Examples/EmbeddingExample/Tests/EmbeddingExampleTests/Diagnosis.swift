import StateRestore

/// How severe a line of the app's log is (the app's own logger decides where it goes).
enum LogLevel: Sendable {
    case debug, error, fault
}

/// The app's restorer, its events going to the app's log. The hash key is kept with the app's
/// secrets, so a scene's hash is the same at every launch and one window can be followed
/// through a week of logs.
func makeRestorer(statePath: String, hashKey: [UInt8], log: @escaping @Sendable (LogLevel, String) -> Void) -> StateRestorer {
    let events = RestoreEventHandler(hashKey: hashKey) { event in
        switch event.restoreOutcome {
        case .quarantined, .crashed, .unavailable: log(.error, "\(event)")
        default: log(event.isWarning ? .fault : .debug, "\(event)")
        }
    }
    return StateRestorer(path: statePath, events: events)
}

/// What a support request attaches: one line per kind; and an error in the log when the
/// reader's state was lost this launch.
func diagnosisSummary(_ restorer: StateRestorer, log: (LogLevel, String) -> Void) -> String {
    let statistics = restorer.statistics
    let reader = statistics[kind: "reader"]
    if reader[.quarantined].count > 0 || reader[.crashed].count > 0 {
        log(.error, "reader state was lost this launch: \(reader)")
    }
    return statistics.description
}
