import ScreenModels
import Testing

@MainActor
@Suite struct BindingLifetimeTests {
    @Test func cancelRunsTheDisposeActionExactlyOnce() {
        var disposals = 0
        let lifetime = BindingLifetime { disposals += 1 }
        #expect(!lifetime.isCancelled)
        lifetime.cancel()
        lifetime.cancel()
        #expect(disposals == 1)
        #expect(lifetime.isCancelled)
    }

    @Test func releasingTheLifetimeCancelsItOnce() {
        var disposals = 0
        var lifetime: BindingLifetime? = BindingLifetime { disposals += 1 }
        lifetime?.cancel()
        lifetime = nil
        #expect(disposals == 1)

        var forgotten: BindingLifetime? = BindingLifetime { disposals += 1 }
        _ = forgotten
        forgotten = nil
        #expect(disposals == 2)
    }
}
