import Foundation

/// Target `cli`: the `moka` command line (Examples/moka/Options.swift, compiled into the harness).
///
/// The input is split at NUL bytes into arguments (invalid UTF-8 replaced). Invariants: parsing
/// never traps and either returns options or a `UsageError` with a message; `ask` without `--help`
/// always has a question; a location is within the globe; a value taken for a flag never starts
/// with `--`; the question after `--` is exactly the remaining arguments, dashes and all.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let arguments = input.rest().split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  let options: Options
  do {
    options = try Options.parse(arguments)
  } catch {
    if error.message.isEmpty { violated("a usage error without a message for \(arguments)") }
    return 0
  }
  if options.command == .ask, !options.help, options.question == nil { violated("ask without a question: \(arguments)") }
  if let (latitude, longitude) = options.location, abs(latitude) > 90 || abs(longitude) > 180 || latitude.isNaN {
    violated("location off the globe: \(latitude),\(longitude)")
  }
  for value in [options.modelPath, options.serverURL, options.dataDirectory, options.today].compactMap({ $0 })
  where value.hasPrefix("--") {
    violated("a flag's value starts with --: \(value)")
  }
  if options.command == .ask, let separator = arguments.firstIndex(of: "--"),
    !arguments[..<separator].contains(where: { $0 == "--help" || $0 == "-h" }),
    arguments[..<separator].allSatisfy({ $0 != "--" })
  {
    let expected = arguments[(separator + 1)...].joined(separator: " ")
    if let question = options.question, question != expected, !arguments[..<separator].contains(question) {
      violated("the question after -- is '\(question)', not '\(expected)'")
    }
  }
  return 0
}
