extension ModelOperation {
    /// Whether the step takes part while a storage fault is on: the steps whose every allowed
    /// outcome the model predicts (restores, saves, persisted changes, the writer's windows and
    /// flushes, the clock, the items, the tool's read verbs), and the fault's end.
    var runsUnderFault: Bool {
        switch self {
        case .restore, .save, .persist, .change, .cancel, .runTurns, .fireWindows, .flush, .advanceClock, .removeItem, .insertItem, .moveItems, .toolRead, .fault(.clear),
            .newBuild:
            true
        // A launch while read-only: it reads without writing.
        case .launch: true
        default: false
        }
    }

    /// Whether the step takes part while the file is damaged and no restorer has it open: the
    /// launches that find it (and move it aside), and what never opens it.
    var runsOnDamagedFile: Bool {
        switch self {
        case .launch, .childLaunch, .advanceClock, .removeItem, .insertItem, .moveItems, .toolRead, .newBuild: true
        default: false
        }
    }

    /// Whether the step needs the scratch file system (a sequence with one runs on a tmpfs).
    var needsScratchMount: Bool {
        if case .fault = self { return true }
        return false
    }
}
