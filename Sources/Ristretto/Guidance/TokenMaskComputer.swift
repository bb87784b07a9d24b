import Synchronization

/// Computes which tokens may come next for a guidance state, caching masks by state.
///
/// States recur constantly (inside a free string, between properties, at the same point of
/// every tool call), so after warm-up most masks are a cache lookup. Safe to share between tasks.
///
/// ```swift
/// let masks = TokenMaskComputer(trie: TokenTrie(tokens: vocabulary))
/// let mask = masks.mask(for: state)
/// ```
public final class TokenMaskComputer: Sendable {
  /// The trie the masks are computed over.
  public let trie: TokenTrie
  private let cache = Mutex<[GuidanceState: TokenMask]>([:])
  private let cacheLimit: Int

  /// Creates a computer over a vocabulary trie.
  /// - Parameter cacheLimit: the number of masks kept; the cache is cleared when it is reached.
  public init(trie: TokenTrie, cacheLimit: Int = 4096) {
    self.trie = trie
    self.cacheLimit = cacheLimit
  }

  /// The tokens whose bytes may all come next from `state`.
  public func mask(for state: GuidanceState) -> TokenMask {
    if let cached = cache.withLock({ $0[state] }) { return cached }
    let mask = computeMask(for: state)
    cache.withLock { storage in
      if storage.count >= cacheLimit { storage.removeAll(keepingCapacity: true) }
      storage[state] = mask
    }
    return mask
  }

  /// The number of masks held in the cache.
  public var cachedMaskCount: Int { cache.withLock { $0.count } }

  /// Walks trie and automaton together from the root, without the cache.
  public func computeMask(for state: GuidanceState) -> TokenMask {
    var mask = TokenMask(count: trie.vocabularySize)
    walk(node: 0, state: state, into: &mask)
    return mask
  }

  private func walk(node: Int32, state: GuidanceState, into mask: inout TokenMask) {
    let entry = trie.nodes[Int(node)]
    for child in entry.childStart..<entry.childStart + entry.childCount {
      guard let next = state.advanced(by: trie.nodeBytes[Int(child)]) else { continue }
      let childEntry = trie.nodes[Int(child)]
      for index in childEntry.tokenStart..<childEntry.tokenEnd { mask.insert(Int(trie.tokenIDs[Int(index)])) }
      if childEntry.childCount > 0 { walk(node: child, state: next, into: &mask) }
    }
  }
}
