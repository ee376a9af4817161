import TestSupport

/// Shrinks a failing sequence: drops chunks of operations, then single ones, while the
/// sequence still fails, so what is left is a minimal sequence (no single operation can go).
@MainActor
enum ModelShrinker {
    /// The smallest failing sequence found within `budget` runs, and its failure.
    static func shrink(_ operations: [ModelOperation], failure: ModelRun.Failure, mount: ScratchMount? = nil, budget: Int = 300) -> ([ModelOperation], ModelRun.Failure) {
        // Whatever follows the failing step plays no part.
        var current = Array(operations.prefix(max(failure.step + 1, 1)))
        var currentFailure = failure
        var runs = 0
        var chunk = max(current.count / 2, 1)
        while chunk >= 1 && runs < budget {
            var removedAny = false
            var start = current.count - chunk
            while start >= 0 && runs < budget {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                runs += 1
                if !candidate.isEmpty, let found = ModelRun.run(candidate, mount: mount) {
                    current = Array(candidate.prefix(found.step + 1))
                    currentFailure = found
                    removedAny = true
                    start = min(start, current.count) - chunk
                } else {
                    start -= chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return (current, currentFailure)
    }
}
