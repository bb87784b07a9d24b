import Foundation
import Synchronization

/// Computes which tokens may come next for a guidance state, caching masks by state.
///
/// States recur constantly (inside a free string, between properties, at the same point of
/// every tool call), so after warm-up most masks are a cache lookup. States of two compilations
/// of one schema are equal (see ``GuidanceGrammar/Key``), so a request that recompiles its
/// schema still finds the masks of the last one. The cache is bounded by masks and by bytes
/// (a mask is a bit per token: 32 KB at 262,144 tokens) and forgets the least recently used
/// first. Safe to share between tasks: one computer per vocabulary, for the life of the model.
///
/// ```swift
/// let masks = TokenMaskComputer(trie: TokenTrie(tokens: vocabulary))
/// let mask = masks.mask(for: state)
/// ```
public final class TokenMaskComputer: Sendable {
  /// The trie the masks are computed over.
  public let trie: TokenTrie
  private let cache: LockedValue<BoundedCache<GuidanceState, TokenMask>>
  /// The plain tokens of each run met in a pattern, before its length bound.
  private let runTokens = LockedValue(BoundedCache<RunCharacters, TokenMask>(entryLimit: 64, byteLimit: 16 << 20))
  private let computations = Atomic<Int>(0)
  /// Walk stacks kept between computations, one set per walk in flight.
  private let spareStacks = LockedValue<[[[GuidanceFrame]]]>([])
  private static let spareStackLimit = 8

  /// Creates a computer over a vocabulary trie.
  /// - Parameters:
  ///   - trie: The vocabulary, as a byte trie.
  ///   - cacheLimit: the most masks kept.
  ///   - cacheByteLimit: the most bytes of masks (and their states) kept.
  public init(trie: TokenTrie, cacheLimit: Int = 4096, cacheByteLimit: Int = 64 << 20) {
    self.trie = trie
    cache = LockedValue(BoundedCache(entryLimit: cacheLimit, byteLimit: cacheByteLimit))
  }

  /// The tokens whose bytes may all come next from `state`.
  public func mask(for state: GuidanceState) -> TokenMask {
    if let cached = cache.withLock({ $0.value(for: state) }) { return cached }
    let mask = computeMask(for: state)
    let bytes = mask.byteCount + state.byteCount + 64
    cache.withLock { $0.insert(mask, bytes: bytes, for: state) }
    return mask
  }

  /// The number of masks held in the cache.
  public var cachedMaskCount: Int { cache.withLock { $0.count } }
  /// The bytes the cache holds (masks and the states they are kept for).
  public var cacheByteCount: Int { cache.withLock { $0.byteCount } }
  /// The most masks the cache keeps.
  public var cacheLimit: Int { cache.withLock { $0.entryLimit } }
  /// The most bytes the cache keeps.
  public var cacheByteLimit: Int { cache.withLock { $0.byteLimit } }
  /// How many masks this computer has computed (``computeMask(for:)`` calls, including those
  /// made by ``mask(for:)`` when the cache missed).
  public var computedMaskCount: Int { computations.load(ordering: .relaxed) }

  /// The tokens whose bytes may all come next from `state`, computed without the cache.
  ///
  /// Inside a free string the mask starts as a copy of the vocabulary's class of tokens that
  /// stay inside it, and only what follows the closing quote in the others is walked, from the
  /// thread that encloses the string. Inside a pattern string, at a state that accepts exactly
  /// the runs of some characters (`.*`, `[^,]+`, `.{0,80}`), it starts as the vocabulary's tokens
  /// made of those characters alone, found from per-byte masks kept with the trie, and only the
  /// few other tokens (a quote, an escape, part of a character) are walked. Elsewhere the trie is walked with the automaton, trying only the bytes
  /// the state may accept next and skipping every token below a refused prefix.
  public func computeMask(for state: GuidanceState) -> TokenMask {
    var mask = TokenMask(count: 0)
    computeMask(for: state, into: &mask)
    return mask
  }

  /// Computes the tokens whose bytes may all come next from `state` into `mask`, without the
  /// cache, reusing the mask's storage when it is a mask over this vocabulary.
  ///
  /// A decoding loop that computes a mask at every step can keep one mask and spare an
  /// allocation per token; ``computeMask(for:)`` describes how the mask is found.
  public func computeMask(for state: GuidanceState, into mask: inout TokenMask) {
    computations.add(1, ordering: .relaxed)
    let classes = trie.classes
    if state.threads.count == 1, case .string(let progress) = state.threads[0].last {
      if let point = classes.index(of: progress) {
        start(&mask, from: classes.inside[point])
        let enclosing = GuidanceState(grammar: state.grammar, threads: [state.threads[0].dropLast()])
        walk(from: enclosing, over: classes.closing[point], into: &mask)
        return
      }
      let automaton = state.grammar.patterns[Int(progress.pattern)]
      if automaton.exactRuns[Int(progress.run)] {
        let run = automaton.runs[Int(progress.run)]
        start(&mask, from: run.isEmpty ? nil : tokens(of: run))
        trie.plain.trim(&mask, toCharacters: Int(run.length))
        walk(from: state, over: trie.plain.others, into: &mask)
        return
      }
    }
    start(&mask, from: nil)
    walk(from: state, over: trie.tables, into: &mask)
  }

  /// Makes `mask` a copy of `source`, or empty, in place when it has this vocabulary's width.
  private func start(_ mask: inout TokenMask, from source: TokenMask?) {
    guard mask.count == trie.vocabularySize else {
      mask = source ?? TokenMask(count: trie.vocabularySize)
      return
    }
    if let source { mask.copyBits(of: source) } else { mask.removeAll() }
  }

  /// Adds to `mask` the tokens of `tables` that `state` accepts.
  private func walk(from state: GuidanceState, over tables: TrieTables, into mask: inout TokenMask) {
    let stacks = spareStacks.withLock { $0.popLast() } ?? []
    var walker = MaskWalker(grammar: state.grammar, trie: tables, mask: TokenMask(count: 0), stacks: stacks)
    swap(&walker.mask, &mask)
    walker.walk(from: state)
    swap(&walker.mask, &mask)
    let used = walker.takeStacks()
    spareStacks.withLock { if $0.count < Self.spareStackLimit { $0.append(used) } }
  }

  /// The plain tokens made of `run`'s characters, of any length (cached by its characters).
  private func tokens(of run: CharacterRun) -> TokenMask {
    let characters = RunCharacters(run)
    if let known = runTokens.withLock({ $0.value(for: characters) }) { return known }
    let mask = trie.plain.tokens(of: characters.run)
    runTokens.withLock { $0.insert(mask, bytes: mask.byteCount, for: characters) }
    return mask
  }

  /// The plain walk of trie and automaton, one ``GuidanceState`` per edge: the reference the
  /// fast path is tested against.
  func referenceMask(for state: GuidanceState) -> TokenMask {
    var mask = TokenMask(count: trie.vocabularySize)
    referenceWalk(node: 0, state: state, into: &mask)
    return mask
  }

  private func referenceWalk(node: Int, state: GuidanceState, into mask: inout TokenMask) {
    let tables = trie.tables
    for child in tables.children(of: node) {
      guard let next = state.advanced(by: tables.nodes[child].byte) else { continue }
      for index in tables.tokens(of: child) { mask.insert(Int(tables.tokenIDs[index])) }
      if tables.nodes[child].childCount > 0 { referenceWalk(node: child, state: next, into: &mask) }
    }
  }
}

/// A run's characters without its length: the key of the plain tokens made of them.
private struct RunCharacters: Hashable {
  let low: UInt64
  let high: UInt64
  let multibyte: Bool

  init(_ run: CharacterRun) {
    low = run.low
    high = run.high
    multibyte = run.multibyte
  }

  /// The unbounded run of these characters.
  var run: CharacterRun {
    var run = CharacterRun(multibyte: multibyte)
    run.low = low
    run.high = high
    return run
  }
}
