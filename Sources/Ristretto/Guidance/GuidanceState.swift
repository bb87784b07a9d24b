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

  /// States are equal when their grammars have the same ``GuidanceGrammar/Key`` (the same
  /// schema, compiled once or twice) and they stand at the same point of it.
  public static func == (lhs: GuidanceState, rhs: GuidanceState) -> Bool {
    (lhs.grammar === rhs.grammar || lhs.grammar.key == rhs.grammar.key) && lhs.threads == rhs.threads
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(grammar.key)
    hasher.combine(threads)
  }

  /// The state after `byte`, or nil when the schema does not allow it here.
  public func advanced(by byte: UInt8) -> GuidanceState? {
    var state = self
    return state.advance(by: byte) ? state : nil
  }

  /// The state after all of `bytes`, or nil if any is not allowed.
  public func advanced(by bytes: some Sequence<UInt8>) -> GuidanceState? {
    var state = self
    for byte in bytes where !state.advance(by: byte) { return nil }
    return state
  }

  /// The state after the UTF-8 bytes of `text`, or nil if they are not allowed.
  public func advanced(by text: String) -> GuidanceState? { advanced(by: text.utf8) }

  /// Follows `byte` in place; false (leaving the state in no particular shape) when the schema
  /// does not allow it.
  mutating func advance(by byte: UInt8) -> Bool {
    if isInFreeString, GuidanceState.plainStringBytes.contains(byte) { return true }
    let stepper = GuidanceStepper(grammar: grammar)
    var forks: [[GuidanceFrame]] = []
    if threads.count == 1 {
      let survives = stepper.step(&threads[0], byte, &forks)
      if forks.isEmpty { return survives }
      if !survives { threads.removeAll() }
      threads += forks
    } else {
      var next: [[GuidanceFrame]] = []
      for var thread in threads {
        if stepper.step(&thread, byte, &forks) { next.append(thread) }
        next += forks
        forks.removeAll(keepingCapacity: true)
      }
      threads = next
    }
    removeDuplicateThreads()
    // Alternatives that stay alike byte after byte (anyOf[array of A, array of A]) double the
    // readings at each byte; past the bound, the earliest readings are kept, so the language
    // only narrows (soundness holds) and a step stays bounded.
    if threads.count > Self.maximumThreads { threads.removeSubrange(Self.maximumThreads...) }
    return !threads.isEmpty
  }

  /// The most readings of the bytes so far that a state keeps.
  static let maximumThreads = 64

  /// The memory the state's threads take, in bytes.
  var byteCount: Int { threads.reduce(0) { $0 + $1.count * MemoryLayout<GuidanceFrame>.stride + 32 } }

  /// Keeps the first of threads that are equal.
  mutating func removeDuplicateThreads() {
    guard threads.count > 1 else { return }
    var seen = Set<[GuidanceFrame]>()
    threads = threads.filter { seen.insert($0).inserted }
  }

  /// Whether the state is one thread inside a free string body, between characters: then any
  /// of ``plainStringBytes`` leaves it unchanged.
  var isInFreeString: Bool {
    guard threads.count == 1, case .string(let progress) = threads[0].last else { return false }
    return progress.pattern < 0 && progress.escape == 0 && progress.pending == 0
  }

  /// ASCII a free string holds as it is: no control characters, quote or backslash.
  static let plainStringBytes = ByteSet(0x20...0x7F).subtracting(ByteSet([0x22, 0x5C]))

  /// Whether `text` may come next.
  public func allows(_ text: String) -> Bool { advanced(by: text) != nil }

  /// Every byte that may come next.
  public var allowedBytes: ByteSet {
    let stepper = GuidanceStepper(grammar: grammar)
    var set = ByteSet()
    var scratch: [GuidanceFrame] = []
    var forks: [[GuidanceFrame]] = []
    for thread in threads {
      stepper.nextBytes(thread).subtracting(set).forEachByte { byte in
        scratch.removeAll(keepingCapacity: true)
        scratch += thread
        forks.removeAll(keepingCapacity: true)
        if stepper.step(&scratch, byte, &forks) || !forks.isEmpty { set.insert(byte) }
      }
    }
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
}
