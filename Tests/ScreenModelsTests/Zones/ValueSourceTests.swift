import ScreenModels
import Testing

@MainActor
@Suite struct ValueSourceTests {
    @Test func observationReplaysTheCurrentValueBeforeReturning() {
        let source = ValueSource(1)
        var received: [Int] = []
        let lifetime = source.observe { received.append($0) }
        #expect(received == [1])
        source.set(2)
        #expect(received == [1, 2])
        lifetime.cancel()
    }

    @Test func valuesReachObserversInRegistrationOrder() {
        let source = ValueSource("a")
        var log: [String] = []
        let first = source.observe { log.append("first:\($0)") }
        let second = source.observe { log.append("second:\($0)") }
        source.set("b")
        #expect(log == ["first:a", "second:a", "first:b", "second:b"])
        _ = (first, second)
    }

    @Test func reentrantWriteIsQueuedUntilEveryObserverHasTheCurrentValue() {
        let source = ValueSource(0)
        var log: [String] = []
        let writer = source.observe { value in
            log.append("writer:\(value)")
            if value == 1 { source.set(2) }
            if value == 2 { source.set(3) }
        }
        let reader = source.observe { value in
            log.append("reader:\(value)(current \(source.value))")
        }
        source.set(1)
        #expect(
            log == [
                "writer:0", "reader:0(current 0)",
                "writer:1", "reader:1(current 1)",
                "writer:2", "reader:2(current 2)",
                "writer:3", "reader:3(current 3)",
            ])
        #expect(source.value == 3)
        _ = (writer, reader)
    }

    @Test func observerCancelledDuringDeliveryReceivesNothingFurther() {
        let source = ValueSource(0)
        var log: [String] = []
        var later: BindingLifetime?
        let canceller = source.observe { value in
            log.append("canceller:\(value)")
            if value == 1 { later?.cancel() }
        }
        later = source.observe { log.append("later:\($0)") }
        source.set(1)
        source.set(2)
        #expect(log == ["canceller:0", "later:0", "canceller:1", "canceller:2"])
        #expect(source.observerCount == 1)
        _ = canceller
    }

    @Test func observerAddedDuringDeliveryGetsOneReplayThenLaterValues() {
        let source = ValueSource(0)
        var log: [String] = []
        var added: BindingLifetime?
        let adder = source.observe { value in
            if value == 1, added == nil { added = source.observe { log.append("added:\($0)") } }
        }
        source.set(1)
        source.set(2)
        #expect(log == ["added:1", "added:2"])
        _ = adder
    }
}
