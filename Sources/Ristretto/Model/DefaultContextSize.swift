/// The context, in tokens, a backend counts against when neither its model file nor its caller
/// gives one: the one default every backend and ``CountingModel`` share.
public let defaultContextSize = 4096

/// The version of this library, read as `Ristretto.version`: the next release, marked `-dev`
/// while changes not yet released are on top (see CHANGELOG.md).
public let version = "0.1.0-dev"
