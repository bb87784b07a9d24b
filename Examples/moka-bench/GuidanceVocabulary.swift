import Foundation
import MokaPot
import Ristretto

/// A vocabulary the guidance suite measures masks on: each token's bytes (empty for control
/// tokens, as the llama backend builds them) and a way to turn sample text into token ids.
struct GuidanceVocabulary {
  var name: String
  var tokens: [[UInt8]]
  var encode: (String) -> [Int]
  /// The GGUF file the vocabulary came from (nil for the fixture).
  var path: String? = nil

  /// SmolLM2's tokenizer from the fixture (no model file needed).
  static func smolLM2Fixture() throws -> GuidanceVocabulary {
    let tokenizer = try MokaAssistant.smolLM2Tokenizer()
    return GuidanceVocabulary(name: "SmolLM2 (fixture)", tokens: tokenizer.vocabularyBytes) {
      tokenizer.encode($0, parseSpecial: false)
    }
  }

  /// Every GGUF model named by `--model` or by `$RISTRETTO_GEMMA_MODEL` / `$RISTRETTO_MODEL`.
  static func models(_ options: BenchOptions) throws -> [GuidanceVocabulary] {
    let environment = ProcessInfo.processInfo.environment
    var paths: [String] = []
    for path in options.modelPaths + [environment["RISTRETTO_GEMMA_MODEL"], environment["RISTRETTO_MODEL"]].compactMap(\.self)
    where !paths.contains(path) {
      paths.append(path)
    }
    return try paths.map(gguf)
  }

  /// The vocabulary of the GGUF file at `path`, read from its metadata.
  static func gguf(_ path: String) throws -> GuidanceVocabulary {
    let metadata = try GGUFMetadata(contentsOf: URL(fileURLWithPath: path))
    let data = try TokenizerData(gguf: metadata)
    let name = metadata.string("general.name") ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    let types = data.types ?? []
    func isControl(_ id: Int) -> Bool { id < types.count && types[id] == 3 }
    // Control tokens have no bytes, as the llama backend builds its trie.
    func withoutControls(_ bytes: [[UInt8]]) -> [[UInt8]] { bytes.enumerated().map { isControl($0.offset) ? [] : $0.element } }
    if data.model == "gpt2" {
      let tokenizer = try BPETokenizer(data: data)
      return GuidanceVocabulary(
        name: name, tokens: withoutControls(tokenizer.vocabularyBytes), encode: { tokenizer.encode($0, parseSpecial: false) },
        path: path)
    }
    let tokenizer = try SentencePieceTokenizer(data: data)
    return GuidanceVocabulary(
      name: name, tokens: withoutControls(tokenizer.vocabularyBytes), encode: { tokenizer.encode($0, parseSpecial: false) },
      path: path)
  }
}
