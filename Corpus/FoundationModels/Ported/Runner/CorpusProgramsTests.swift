import Ristretto
import RistrettoTesting
import Testing

/// Runs every ported program of the corpus (the files next to this folder, compiled as they are)
/// on a fake model that answers any request validly, given to `SystemLanguageModel.default` for
/// each program's task alone, so the programs run in parallel with each other and other tests.
@Suite("The ported Foundation Models corpus runs to completion")
struct CorpusProgramsTests {
  static let programs: [(name: String, run: @Sendable () async throws -> String)] = [
    ("P01", runP01), ("P02", runP02), ("P03", runP03), ("P04", runP04), ("P05", runP05), ("P06", runP06),
    ("P07", runP07), ("P08", runP08), ("P09", runP09), ("P10", runP10), ("P11", runP11), ("P12", runP12),
  ]

  @Test(arguments: 0..<12)
  func programRunsToCompletion(_ index: Int) async throws {
    let (name, run) = Self.programs[index]
    let model = FakeModel.sampling(seed: UInt64(index + 1))
    let summary = try await SystemLanguageModel.withBackend(model) { try await run() }
    print("\(name): \(summary)")
    #expect(summary.hasPrefix(name))
    #expect(!model.requests.isEmpty, "\(name) never reached the model")
  }
}
