import Ristretto
import RistrettoTesting
import Testing

@Suite("Version and defaults")
struct VersionTests {
  @Test func theVersionIsSemantic() {
    let core = Ristretto.version.split(separator: "-").first ?? ""
    #expect(core.split(separator: ".").count == 3)
    #expect(core.split(separator: ".").allSatisfy { Int($0) != nil })
  }

  @Test func everyBackendDefaultsToTheOneContextSize() {
    #expect(FakeModel.echo.contextSize == defaultContextSize)
    #expect(CountingModel(tokenizer: ApproximateTokenizer()).contextSize == defaultContextSize)
  }
}
