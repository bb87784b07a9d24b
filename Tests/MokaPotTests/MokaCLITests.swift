import Foundation
import Ristretto
import Testing

/// Runs the built `moka` executable (it sits beside the test bundle in the build folder).
enum MokaCLI {
  static let binary: URL? = {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<3 {
      let candidate = url.appendingPathComponent("moka")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      url = url.deletingLastPathComponent()
    }
    return nil
  }()

  static func run(_ arguments: [String], input: String = "") throws -> (status: Int32, out: String, err: String) {
    guard let binary else { throw MissingBinary() }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
  }
}

/// The moka executable is a product of this package, so `swift test` builds it: a missing one is
/// a failure, not a skip.
struct MissingBinary: Error, CustomStringConvertible {
  var description: String { "the moka executable is not built next to the tests (\(CommandLine.arguments[0]))" }
}

@Suite("moka CLI")
struct MokaCLITests {
  @Test func theExecutableIsBuilt() {
    #expect(MokaCLI.binary != nil, "the moka executable is not built next to the tests")
  }

  @Test func askPrintsAnAnswer() throws {
    let result = try MokaCLI.run(["ask", "Why is my moka pot sputtering?"])
    #expect(result.status == 0)
    #expect(result.out.contains("Sputtering"))
  }

  @Test func askJSONHasTheDocumentedShape() throws {
    let result = try MokaCLI.run(["ask", "find beans from kenya", "--json", "--index", "stale"])
    #expect(result.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    #expect(Set(object.keys) == ["question", "specialty", "switchedFrom", "unsure", "toolCalls", "answer", "usage"])
    let calls = try #require(object["toolCalls"] as? [[String: Any]])
    #expect(calls.first?["status"] as? String == "indexStale")
    let usage = try #require(object["usage"] as? [String: Any])
    #expect(Set(usage.keys) == ["promptTokens", "cachedTokens", "outputTokens"])
  }

  @Test func routeReadsLinesAndJSON() throws {
    let result = try MokaCLI.run(["route"], input: "where can I buy a grinder?\n{\"q\":\"how much of my Huila is left\"}\n")
    #expect(result.status == 0)
    let lines = result.out.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines[0].contains(#""specialty":"shopping""#))
    #expect(lines[1].contains(#""specialty":"cupboard""#))
  }

  @Test func budgetJSON() throws {
    let result = try MokaCLI.run(["budget", "--json", "--renderer", "jsonSchema"])
    #expect(result.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    #expect(object["renderer"] as? String == "jsonSchema")
    #expect((object["specialties"] as? [Any])?.count == 4)
  }

  @Test func contextSizeIsTheModelsContext() throws {
    let result = try MokaCLI.run(["budget", "--json", "--context-size", "8192"])
    #expect(result.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    #expect(object["contextSize"] as? Int == 8192)
    let refused = try MokaCLI.run(["budget", "--context-size", "12"])
    #expect(refused.status == 2)
    #expect(refused.err.contains("--context-size must be a whole number of tokens"))
  }

  @Test func offerChoicesRoundTripInChat() throws {
    let result = try MokaCLI.run(["--today", "2026-11-29T10:00"], input: "help me choose a roast\n3\n/quit\n")
    #expect(result.status == 0)
    #expect(result.out.contains("  3. Dark and chocolatey"))
    #expect(result.out.contains("dark roast"))
  }

  @Test(arguments: [["--bogus"], ["ask"], ["budget", "--renderer", "xml"], ["--location", "north"], ["teleport"]])
  func badArgumentsExitWithUsage(_ arguments: [String]) throws {
    let result = try MokaCLI.run(arguments)
    #expect(result.status == 2)
    #expect(result.err.contains("Usage: moka"))
  }

  @Test func llamaBackendExplainsWhatIsMissing() throws {
    #if Llama
      let result = try MokaCLI.run(["ask", "hi", "--backend", "llama", "--model", "/nonexistent/model.gguf"])
      #expect(result.status != 0)
      #expect(result.err.contains("/nonexistent/model.gguf"))
    #else
      let result = try MokaCLI.run(["ask", "hi", "--backend", "llama"])
      #expect(result.status == 2)
      #expect(result.err.contains("scripts/install-llama.sh"))
      #expect(result.err.contains("--traits Llama"))
    #endif
  }

  @Test func chatJSONPrintsOneObjectPerTurnAndSaysWhenTheSpecialtySwitches() throws {
    let result = try MokaCLI.run(
      ["chat", "--json"], input: "Find me some fruity beans\nhow much of my Kochere is left?\nwhat about more fruity beans?\n")
    #expect(result.status == 0)
    let turns = try result.out.split(separator: "\n").map { try GeneratedContent(json: String($0)) }
    #expect(turns.count == 3)
    #expect(try turns.map { try $0.value(Int.self, forProperty: "turn") } == [1, 2, 3])
    #expect(try turns[0].value(String.self, forProperty: "specialty") == "beans")
    #expect(try turns[0].value(String?.self, forProperty: "switchedFrom") == nil)
    #expect(try turns[1].value(String.self, forProperty: "specialty") == "cupboard")
    #expect(try turns[1].value(String?.self, forProperty: "switchedFrom") == "beans")
    let keys = try turns[1].properties().map(\.key)
    #expect(keys == ["turn", "question", "specialty", "switchedFrom", "unsure", "toolCalls", "answer", "usage"])
  }

  @Test func aTooLongMessageIsAnsweredWithAUserFacingJSONError() throws {
    let result = try MokaCLI.run(["chat", "--json"], input: String(repeating: "coffee ", count: 20_000) + "\n")
    #expect(result.status == 1)
    let error = try GeneratedContent(json: result.out.trimmingCharacters(in: .whitespacesAndNewlines))
      .value(GeneratedContent.self, forProperty: "error")
    #expect(try error.value(String.self, forProperty: "code") == "questionTooLong")
    #expect(try !error.value(String.self, forProperty: "message").contains("history policy"))
  }

  @Test func aQuestionThatStartsWithADashFollowsDoubleDash() throws {
    let result = try MokaCLI.run(["ask", "--", "-what grind for a 3-cup pot?"])
    #expect(result.status == 0)
    #expect(result.out.contains("3-cup"))
  }

  @Test func helpOnEverySubcommand() throws {
    for command in ["ask", "route", "budget", "chat"] {
      let result = try MokaCLI.run([command, "--help"])
      #expect(result.status == 0)
      #expect(result.out.contains("Usage: moka"))
    }
  }

  @Test func chatJSONAnswersEveryLineAndAFailedOneGetsAnErrorObject() throws {
    let input = "hello\n" + String(repeating: "coffee ", count: 20_000) + "\nwhat kenyan beans do you have?\n"
    let result = try MokaCLI.run(["chat", "--json"], input: input)
    #expect(result.status == 1)
    let turns = try result.out.split(separator: "\n").map { try GeneratedContent(json: String($0)) }
    #expect(turns.count == 3)
    #expect(try turns.map { try $0.value(Int.self, forProperty: "turn") } == [1, 2, 3])
    #expect(
      try turns[1].value(GeneratedContent.self, forProperty: "error").value(String.self, forProperty: "code") == "questionTooLong"
    )
    #expect(try turns[2].value(String.self, forProperty: "answer").contains("Kenya"))
  }

  @Test func aBackendThatCannotRunFailsUnlessAFallbackIsAsked() throws {
    let url = "http://127.0.0.1:\(try Self.closedPort())"
    let failed = try MokaCLI.run(["ask", "hello", "--backend", "server", "--url", url, "--json"])
    #expect(failed.status == 2)
    let error = try GeneratedContent(json: failed.out.trimmingCharacters(in: .whitespacesAndNewlines))
      .value(GeneratedContent.self, forProperty: "error")
    #expect(try error.value(String.self, forProperty: "code") == "backendUnavailable")
    #expect(try error.value(String.self, forProperty: "message").contains("--fallback rules"))
    let fallback = try MokaCLI.run(["ask", "hello", "--backend", "server", "--url", url, "--fallback", "rules"])
    #expect(fallback.status == 0)
    #expect(fallback.err.contains("rule-based model"))
    #expect(!fallback.out.isEmpty)
  }

  @Test func entriesOutOfRangeAreLeftOutAndNamed() throws {
    let directory = try MokaDataRangeTests.extremeData()
    let result = try MokaCLI.run(["ask", "how much coffee do I have left in total?", "--data", directory.path, "--verbose"])
    #expect(result.status == 0)
    #expect(result.err.contains("cupboard.json entry 0"))
    #expect(result.err.contains("gramsLeft is 9223372036854775807"))
    #expect(!result.out.isEmpty)
  }

  /// A loopback port nothing listens on.
  static func closedPort() throws -> Int {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
      }
    }
    guard bound else { throw POSIXError(.EADDRINUSE) }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
