import ScreenModels
import Testing

/// Lets every main-actor job enqueued so far at this task's priority run before returning,
/// and the jobs those enqueue in turn (two rounds): a main-actor task at the same priority runs
/// after the jobs queued before it.
///
/// A lower priority would also wait for jobs of higher priorities, but under a full parallel
/// run (sanitizers included) other suites' main-actor work can starve it for longer than any
/// bound; the code under test starts its work at the priority of the task that calls it.
@MainActor
func drainMainActor() async {
    await bounded("the main actor to drain") {
        let priority = Task.currentPriority
        for _ in 0..<2 {
            await Task(priority: priority) { @MainActor in }.value
        }
    }
}
