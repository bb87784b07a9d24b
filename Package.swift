// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Ristretto",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "Ristretto", targets: ["Ristretto"]),
    .library(name: "RistrettoRules", targets: ["RistrettoRules"]),
    .library(name: "RistrettoTesting", targets: ["RistrettoTesting"]),
    .library(name: "RistrettoLlama", targets: ["RistrettoLlama"]),
    .library(name: "RistrettoServer", targets: ["RistrettoServer"]),
    .executable(name: "moka", targets: ["moka"]),
    .executable(name: "moka-bench", targets: ["moka-bench"]),
  ],
  traits: [
    .trait(
      name: "Llama",
      description: "Builds the llama.cpp backend (needs libllama found by pkg-config; see scripts/install-llama.sh)."
    )
  ],
  targets: [
    // MARK: - Core
    .target(name: "Ristretto"),
    .target(name: "RistrettoRules", dependencies: ["Ristretto"]),
    .target(name: "RistrettoTesting", dependencies: ["Ristretto"]),

    // MARK: - llama.cpp backend (only under the Llama trait)
    .systemLibrary(
      name: "CLlama",
      pkgConfig: "llama",
      providers: [.apt(["llama.cpp"]), .brew(["llama.cpp"])]
    ),
    .target(
      name: "RistrettoLlama",
      dependencies: [
        "Ristretto",
        .target(name: "CLlama", condition: .when(traits: ["Llama"])),
      ]
    ),

    // MARK: - Served backend (OpenAI-compatible: llama-server, vLLM)
    .target(name: "RistrettoServer", dependencies: ["Ristretto"]),

    // MARK: - Example app
    .target(
      name: "RistrettoFixtures",
      path: "Fixtures",
      exclude: [
        "tokenizers/smollm2-135m.golden.jsonl", "tokenizers/gemma3-270m.json", "tokenizers/gemma3-270m.golden.jsonl",
        "fuzz",
      ],
      resources: [
        .copy("tokenizers/smollm2-135m.json"), .copy("moka/beans.json"), .copy("moka/cupboard.json"), .copy("moka/cafes.json"),
        // The labelled sets (Fixtures/moka/sets/MANIFEST.md says which are tuning sets and which
        // are held out); the rule-based router trains on the tuning sets it names.
        .copy("moka/sets"),
        // Questions labelled with the knowledge topic they ask (null: none).
        .copy("moka/knowledge-topics.jsonl"), .copy("moka/knowledge.json"), .copy("moka/terms.json"),
        // Italian and Spanish phrases of the domain, read as the rules' words.
        .copy("moka/glossary.json"),
      ]
    ),
    .target(
      name: "MokaPot",
      dependencies: ["Ristretto", "RistrettoRules", "RistrettoFixtures"],
      path: "Examples/MokaPot"
    ),
    .executableTarget(
      name: "moka",
      dependencies: ["MokaPot", "Ristretto", "RistrettoRules", "RistrettoLlama", "RistrettoServer"],
      path: "Examples/moka"
    ),
    .executableTarget(
      name: "moka-bench",
      dependencies: ["MokaPot", "Ristretto", "RistrettoRules", "RistrettoLlama", "RistrettoTesting", "RistrettoServer"],
      path: "Examples/moka-bench"
    ),

    // MARK: - Tests
    .testTarget(name: "RistrettoTests", dependencies: ["Ristretto", "RistrettoTesting"]),
    .testTarget(name: "RistrettoRulesTests", dependencies: ["Ristretto", "RistrettoRules"]),
    .testTarget(
      name: "FoundationModelsCompatTests", dependencies: ["Ristretto", "RistrettoTesting"], exclude: ["README.md"]),
    // Foundation Models programs written by others, ported with only the allowed edits
    // (Corpus/FoundationModels/Ported/EDITS.md), compiled as they are and run on a fake model.
    .testTarget(
      name: "FoundationModelsCorpusTests", dependencies: ["Ristretto", "RistrettoTesting"],
      path: "Corpus/FoundationModels/Ported", exclude: ["EDITS.md", "check-edits.sh"]),
    .testTarget(
      name: "MokaPotTests",
      dependencies: ["MokaPot", "Ristretto", "RistrettoRules", "RistrettoTesting", "RistrettoLlama"]
    ),
    .testTarget(name: "RistrettoLlamaTests", dependencies: ["RistrettoLlama", "Ristretto"]),
    .testTarget(name: "RistrettoServerTests", dependencies: ["RistrettoServer", "Ristretto", "RistrettoTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
