import ScreenModels
import Testing

/// Lets every main-actor job enqueued so far run before returning: the lowest-priority
/// main-actor task runs after all of them, whether the executor is FIFO or priority-ordered.
@MainActor
func drainMainActor() async {
    await bounded("the main actor to drain") {
        await Task(priority: .background) { @MainActor in }.value
    }
}
