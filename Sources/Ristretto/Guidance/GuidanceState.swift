/// Where guided generation stands: the bytes generated so far, reduced to what may come next.
///
/// A pure value: copy it to explore alternatives (the mask computer does, token by token).
/// Each thread is one way the bytes so far can be read; `anyOf` schemas may keep several alive.
///
/// ```swift
/// var state = try GuidanceGrammar(schema: Int.generationSchema).initialState
/// state.allowedBytes   // "-" and the digits
/// ```
public struct GuidanceState: Sendable, Hashable {
  let grammar: GuidanceGrammar
  var threads: [[GuidanceFrame]]

  init(grammar: GuidanceGrammar, threads: [[GuidanceFrame]]) {
    self.grammar = grammar
    self.threads = threads
  }

  public static func == (lhs: GuidanceState, rhs: GuidanceState) -> Bool {
    lhs.grammar === rhs.grammar && lhs.threads == rhs.threads
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(threads) }

  /// The state after `byte`, or nil when the schema does not allow it here.
  public func advanced(by byte: UInt8) -> GuidanceState? {
    if threads.count == 1, let last = threads[0].last, case .string(let progress) = last,
      progress.pattern < 0, progress.escape == 0, progress.pending == 0,
      byte >= 0x20, byte < 0x80, byte != 0x22, byte != 0x5C
    {
      return self
    }
    var next: [[GuidanceFrame]] = []
    for thread in threads {
      let stepper = GuidanceStepper(grammar: grammar)
      stepper.step(thread, byte, into: &next)
    }
    guard !next.isEmpty else { return nil }
    if next.count > 1 { next = Self.unique(next) }
    return GuidanceState(grammar: grammar, threads: next)
  }

  /// The state after all of `bytes`, or nil if any is not allowed.
  public func advanced(by bytes: some Sequence<UInt8>) -> GuidanceState? {
    var state = self
    for byte in bytes {
      guard let next = state.advanced(by: byte) else { return nil }
      state = next
    }
    return state
  }

  /// The state after the UTF-8 bytes of `text`, or nil if they are not allowed.
  public func advanced(by text: String) -> GuidanceState? { advanced(by: text.utf8) }

  /// Whether `text` may come next.
  public func allows(_ text: String) -> Bool { advanced(by: text) != nil }

  /// Every byte that may come next.
  public var allowedBytes: ByteSet {
    var set = ByteSet()
    for byte in 0...255 where advanced(by: UInt8(byte)) != nil { set.insert(UInt8(byte)) }
    return set
  }

  /// Whether the bytes so far form a complete value (generation may stop here).
  public var isComplete: Bool {
    threads.contains { thread in
      if thread.isEmpty { return true }
      guard thread.count == 1, case .number(let node, let progress) = thread[0] else { return false }
      return GuidanceStepper(grammar: grammar).numberCanEnd(node, progress)
    }
  }

  /// Whether nothing more may follow: the value is complete and no byte extends it.
  public var isFinished: Bool { isComplete && threads.allSatisfy(\.isEmpty) }

  /// The bytes that must come next, up to the first point where there is a choice
  /// (or the value could end). A backend can append them without sampling.
  public func forcedContinuation(limit: Int = 256) -> [UInt8] {
    var state = self
    var forced: [UInt8] = []
    while forced.count < limit, !state.isComplete {
      let allowed = state.allowedBytes
      guard allowed.count == 1, let byte = allowed.first, let next = state.advanced(by: byte)
      else { break }
      forced.append(byte)
      state = next
    }
    return forced
  }

  private static func unique(_ threads: [[GuidanceFrame]]) -> [[GuidanceFrame]] {
    var seen = Set<[GuidanceFrame]>()
    return threads.filter { seen.insert($0).inserted }
  }
}
