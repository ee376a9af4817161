/// A workload step that went wrong in a way no power cut explains (with the power on, the run
/// fails the cut; after the cut, any failure is expected).
struct PowerCutWorkloadFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
