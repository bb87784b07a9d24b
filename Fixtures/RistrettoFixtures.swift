import Foundation

/// The data files shipped with the package: SmolLM2's tokenizer (extracted from its GGUF by
/// `scripts/extract-tokenizer.py`) and the moka-pot assistant's bean corpus, cupboard and cafes.
///
/// They are SwiftPM resources, so they are found wherever the program runs from.
public enum BundledFixtures {
  /// The URL of a bundled file, such as `smollm2-135m.json` or `beans.json`.
  public static func url(_ name: String) -> URL? {
    let base = (name as NSString).deletingPathExtension
    let ext = (name as NSString).pathExtension
    return Bundle.module.url(forResource: base, withExtension: ext)
      ?? Bundle.module.url(forResource: base, withExtension: ext, subdirectory: "sets")
  }

  /// The contents of a bundled file.
  /// - Throws: an error naming the file when it is missing.
  public static func data(_ name: String) throws -> Data {
    guard let url = url(name) else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name]) }
    return try Data(contentsOf: url)
  }
}
