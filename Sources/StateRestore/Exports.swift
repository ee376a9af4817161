// A kind's `upgrade(_:from:)` takes a `JSONObject`: an app that imports StateRestore gets the
// JSON layer's types with it.
@_exported import JSON
