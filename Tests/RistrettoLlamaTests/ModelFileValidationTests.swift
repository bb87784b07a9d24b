import Foundation
import Ristretto
import Testing

#if Llama
  @testable import RistrettoLlama

  /// The checks the llama backend makes before llama.cpp reads a file: real models pass them
  /// (with the linked ggml's tensor types), and corrupt files — among them one that makes
  /// llama.cpp abort the process — are refused with a typed reason instead.
  @Suite("GGUF files are validated before llama.cpp reads them")
  struct ModelFileValidationTests {
    @Test(arguments: InstalledModel.installed)
    func installedModelsPassTheChecks(_ installed: InstalledModel) throws {
      let layout = try GGUFLayout(contentsOf: URL(fileURLWithPath: installed.path!), tensorTypes: LlamaBackend.tensorType)
      #expect(layout.tensors.count > 100)
      #expect(installed.model.availability.isAvailable)
    }

    @Test func theLinkedGgmlAgreesWithTheBuiltInTypeTable() {
      for type in UInt32(0)..<64 {
        #expect(LlamaBackend.tensorType(type) == GGUFLayout.knownTensorType(type), "type \(type)")
      }
    }

    /// A vocabulary whose token "ok" is rewritten to repeat "Ġ": llama.cpp asserts distinct token
    /// texts (`GGML_ASSERT(id_to_token.size() == token_to_id.size())`) and would abort the process.
    @Test func aDuplicatedTokenTextMakesTheModelUnavailableNotTheProcessAbort() throws {
      let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/fuzz/gguf/seeds").standardizedFileURL
      var file = try Data(contentsOf: seeds.appendingPathComponent("bpe-vocabulary.gguf"))
      let tokens = try #require(file.range(of: Data("tokenizer.ggml.tokens".utf8)))
      let ok = try #require(file.range(of: Data([2, 0, 0, 0, 0, 0, 0, 0]) + Data("ok".utf8), in: tokens.upperBound..<file.count))
      file.replaceSubrange(ok.upperBound - 2..<ok.upperBound, with: Data("\u{0120}".utf8))
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("ristretto-duplicate-\(UUID()).gguf").path
      try file.write(to: URL(fileURLWithPath: path))
      defer { try? FileManager.default.removeItem(atPath: path) }

      let model = LlamaLanguageModel(path: path)
      guard case .unavailable(.loadFailed(let reason)) = model.availability else {
        Issue.record("a corrupt file was loaded: \(model.availability)")
        return
      }
      #expect(reason.contains("appears twice"))
      #expect(throws: LlamaError.self) { try LlamaVocabulary(path: path) }
    }

    @Test func aTruncatedModelIsRefusedWithItsReason() throws {
      guard let installed = InstalledModel.installed.first else { return }
      let whole = try Data(contentsOf: URL(fileURLWithPath: installed.path!), options: .alwaysMapped)
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("ristretto-truncated-\(UUID()).gguf").path
      try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
      defer { try? FileManager.default.removeItem(atPath: path) }
      guard case .unavailable(.loadFailed(let reason)) = LlamaLanguageModel(path: path).availability else {
        Issue.record("a truncated file was loaded")
        return
      }
      #expect(reason.contains("truncated"))
    }
  }
#endif
