#if Llama
  /// Saved KV states of prompt prefixes, in host memory: a prompt that starts as an earlier one
  /// did is not evaluated again, even after other prompts replaced that one in the context.
  ///
  /// The engine saves the state at the end of a request's fixed prefix (its instructions and tool
  /// definitions), so each specialist's prefix and the router's stay a copy away while requests
  /// alternate between them. Entries are evicted least recently used first, past a byte limit.
  /// A pure value: the engine copies states in and out of llama.cpp.
  struct PromptCache {
    /// One saved state: the tokens it holds and llama.cpp's serialised sequence.
    struct Entry {
      var tokens: [Int32]
      var state: [UInt8]
      var lastUse: Int
    }

    /// The most bytes of state kept (0: nothing is saved).
    let byteLimit: Int
    private(set) var entries: [Entry] = []
    private var clock = 0

    init(byteLimit: Int) { self.byteLimit = max(0, byteLimit) }

    /// The bytes held.
    var bytes: Int { entries.reduce(0) { $0 + $1.state.count } }

    /// The entry sharing the longest prefix with `prompt`, and the length of that prefix (only
    /// entries that share more than `minimum` tokens). Marks the entry as used.
    mutating func best(for prompt: [Int32], moreThan minimum: Int) -> (entry: Entry, common: Int)? {
      var found: (index: Int, common: Int)?
      for (index, entry) in entries.enumerated() {
        let common = Self.commonPrefix(entry.tokens, prompt)
        if common > max(minimum, found?.common ?? 0) { found = (index, common) }
      }
      guard let found else { return nil }
      clock += 1
      entries[found.index].lastUse = clock
      return (entries[found.index], found.common)
    }

    /// Whether a state of exactly `tokens` is saved.
    func contains(_ tokens: [Int32]) -> Bool { entries.contains { $0.tokens == tokens } }

    /// Saves the state of `tokens`, evicting the least recently used entries past the limit;
    /// a state larger than the limit is not kept.
    mutating func insert(tokens: [Int32], state: [UInt8]) {
      guard state.count <= byteLimit, !state.isEmpty else { return }
      entries.removeAll { $0.tokens == tokens }
      clock += 1
      entries.append(Entry(tokens: tokens, state: state, lastUse: clock))
      var total = bytes
      while total > byteLimit, let oldest = entries.indices.min(by: { entries[$0].lastUse < entries[$1].lastUse }) {
        total -= entries[oldest].state.count
        entries.remove(at: oldest)
      }
    }

    /// Forgets every entry.
    mutating func removeAll() { entries.removeAll() }

    /// How many leading tokens `a` and `b` share.
    static func commonPrefix(_ a: [Int32], _ b: [Int32]) -> Int {
      zip(a, b).prefix { $0 == $1 }.count
    }
  }
#endif
