/// A chat template: how a model's turns are marked, which roles it knows, and what ends a turn.
///
/// Templates are values so that rendering — and therefore token counting — needs no model
/// weights. ``detect(jinja:architecture:)`` picks the family of a GGUF file's own template (or,
/// when the file has none, the family its architecture was trained with), as llama.cpp itself
/// does; ``plain`` is the fallback when neither is known.
///
/// ```swift
/// let template = ChatTemplate.detect(jinja: metadata.string("tokenizer.chat_template"),
///                                    architecture: metadata.string("general.architecture"))
/// let renderer = PromptRenderer(template: template)
/// ```
public struct ChatTemplate: Sendable, Equatable {
  /// Where the system text goes.
  public enum SystemPlacement: Sendable, Equatable {
    /// A turn of its own, with the role `system`.
    case ownTurn
    /// At the start of the first user turn, followed by `separator` (Gemma).
    case prefixOfFirstUserTurn(separator: String)
  }

  /// The family's name (`chatml`, `gemma`, `llama3`, `phi3`, `plain`).
  public var name: String
  /// Markup at the very start of the prompt (a beginning-of-sequence token, or nothing).
  public var prefix: String
  /// Markup before a turn's role.
  public var turnStart: String
  /// Markup between the role and the content.
  public var roleSeparator: String
  /// Markup after a turn's content.
  public var turnEnd: String
  /// Role names the template uses instead of Ristretto's (`assistant` → `model` for Gemma).
  public var roleNames: [String: String]
  /// Where the system text goes.
  public var systemPlacement: SystemPlacement
  /// Every marker text the template writes; none of them is ever valid inside an answer.
  public var markers: [String]
  /// Texts that end the model's turn when it writes them as plain text (markers included).
  public var stopSequences: [String]

  /// Creates a template.
  public init(
    name: String, prefix: String = "", turnStart: String, roleSeparator: String, turnEnd: String,
    roleNames: [String: String] = [:], systemPlacement: SystemPlacement = .ownTurn, markers: [String] = [],
    stopSequences: [String] = []
  ) {
    self.name = name
    self.prefix = prefix
    self.turnStart = turnStart
    self.roleSeparator = roleSeparator
    self.turnEnd = turnEnd
    self.roleNames = roleNames
    self.systemPlacement = systemPlacement
    self.markers = markers
    self.stopSequences = Array(Set(markers + stopSequences)).sorted()
  }

  /// The role as this template writes it.
  public func roleName(_ role: String) -> String { roleNames[role] ?? role }
}

// MARK: - Known families

extension ChatTemplate {
  /// ChatML (`<|im_start|>role\n…<|im_end|>\n`): SmolLM2, Qwen and many small models.
  public static let chatML = ChatTemplate(
    name: "chatml", turnStart: "<|im_start|>", roleSeparator: "\n", turnEnd: "<|im_end|>\n",
    markers: ["<|im_start|>", "<|im_end|>", "<|endoftext|>"])

  /// Gemma (`<start_of_turn>user\n…<end_of_turn>\n`, the assistant is `model`, system text opens
  /// the first user turn, tool outputs are user turns).
  public static let gemma = ChatTemplate(
    name: "gemma", prefix: "<bos>", turnStart: "<start_of_turn>", roleSeparator: "\n", turnEnd: "<end_of_turn>\n",
    roleNames: ["assistant": "model", "tool": "user", "system": "user"],
    systemPlacement: .prefixOfFirstUserTurn(separator: "\n\n"),
    markers: ["<bos>", "<eos>", "<start_of_turn>", "<end_of_turn>"])

  /// Llama 3 (`<|start_header_id|>role<|end_header_id|>\n\n…<|eot_id|>`; tool outputs are `ipython`).
  public static let llama3 = ChatTemplate(
    name: "llama3", prefix: "<|begin_of_text|>", turnStart: "<|start_header_id|>", roleSeparator: "<|end_header_id|>\n\n",
    turnEnd: "<|eot_id|>", roleNames: ["tool": "ipython"],
    markers: ["<|begin_of_text|>", "<|start_header_id|>", "<|end_header_id|>", "<|eot_id|>", "<|end_of_text|>"])

  /// Phi-3 (`<|user|>\n…<|end|>\n`).
  public static let phi3 = ChatTemplate(
    name: "phi3", turnStart: "<|", roleSeparator: "|>\n", turnEnd: "<|end|>\n",
    markers: ["<|system|>", "<|user|>", "<|assistant|>", "<|end|>", "<|endoftext|>"])

  /// A plain completion format (`User: …`), for models with no known template. It has no
  /// special tokens, so the model's own end-of-generation token or a new role line ends a turn.
  public static let plain = ChatTemplate(
    name: "plain", turnStart: "", roleSeparator: ": ", turnEnd: "\n\n",
    roleNames: ["system": "System", "user": "User", "assistant": "Assistant", "tool": "Tool"],
    stopSequences: ["\nUser:", "\nSystem:", "\nTool:"])

  /// Every family Ristretto renders itself.
  public static let knownFamilies: [ChatTemplate] = [.chatML, .gemma, .llama3, .phi3]

  /// The markers of every known family: a model that drifts into another family's markup
  /// (a base model imitating ChatML) is stopped there too.
  public static let knownMarkers: [String] = Array(Set(knownFamilies.flatMap(\.markers))).sorted()

  /// The template for a GGUF model: the family of its own Jinja template when it has one that is
  /// recognised, else the family its architecture is trained with, else ``plain``.
  ///
  /// - Parameters:
  ///   - jinja: `tokenizer.chat_template`, if present.
  ///   - architecture: `general.architecture` (`gemma3`, `llama`, `qwen2`, …).
  public static func detect(jinja: String?, architecture: String?) -> ChatTemplate {
    if let jinja, let family = family(ofJinja: jinja) { return family }
    switch architecture?.lowercased() ?? "" {
    case "gemma", "gemma2", "gemma3", "gemma3n": return .gemma
    case "qwen", "qwen2", "qwen3", "qwen2moe", "qwen3moe": return .chatML
    case "phi3": return .phi3
    default: return .plain
    }
  }

  /// The family a Jinja chat template writes, found by the markers it emits.
  static func family(ofJinja jinja: String) -> ChatTemplate? {
    if jinja.contains("<|im_start|>") { return .chatML }
    if jinja.contains("<start_of_turn>") { return .gemma }
    if jinja.contains("<|start_header_id|>") { return .llama3 }
    if jinja.contains("<|assistant|>") && jinja.contains("<|end|>") { return .phi3 }
    return nil
  }
}
