import Foundation
import Synchronization

/// Compiled grammars by schema, so a schema used again (the same tool set, the same response
/// type on every request) is compiled once.
///
/// Grammars are found by ``GuidanceGrammar/Key``, the schema's structure, so a schema rebuilt
/// for each request finds the grammar compiled for the first. The cache is bounded by entries
/// and by the bytes of the grammars' tables; the least recently used are forgotten first.
/// Safe to share between tasks; ``shared`` serves ``GuidanceGrammar/cached(schema:)``.
///
/// ```swift
/// let grammar = try GuidanceGrammarCache.shared.grammar(for: BeanQuery.generationSchema)
/// let again = try GuidanceGrammarCache.shared.grammar(for: BeanQuery.generationSchema)
/// grammar === again // true
/// ```
public final class GuidanceGrammarCache: Sendable {
  /// The cache behind ``GuidanceGrammar/cached(schema:)``.
  public static let shared = GuidanceGrammarCache()

  private let storage: LockedValue<BoundedCache<GuidanceGrammar.Key, GuidanceGrammar>>
  private let compilations = Atomic<Int>(0)

  /// Creates an empty cache.
  /// - Parameters:
  ///   - entryLimit: the most grammars kept.
  ///   - byteLimit: the most bytes of grammar tables kept (see ``GuidanceGrammar/byteCount``).
  public init(entryLimit: Int = 128, byteLimit: Int = 32 << 20) {
    storage = LockedValue(BoundedCache(entryLimit: entryLimit, byteLimit: byteLimit))
  }

  /// The grammar of `schema`: the one compiled before for a schema with the same key, or a
  /// new one (then kept).
  /// - Throws: ``SchemaError`` when the schema is invalid or uses a guide that cannot be enforced.
  public func grammar(for schema: GenerationSchema) throws(SchemaError) -> GuidanceGrammar {
    let key = GuidanceGrammar.Key(schema: schema)
    if let grammar = storage.withLock({ $0.value(for: key) }) { return grammar }
    let grammar = try GuidanceGrammar(schema: schema)
    compilations.add(1, ordering: .relaxed)
    storage.withLock { $0.insert(grammar, bytes: grammar.byteCount, for: key) }
    return grammar
  }

  /// The number of grammars held.
  public var count: Int { storage.withLock { $0.count } }
  /// The bytes of grammar tables held.
  public var byteCount: Int { storage.withLock { $0.byteCount } }
  /// The most grammars kept.
  public var entryLimit: Int { storage.withLock { $0.entryLimit } }
  /// The most bytes kept.
  public var byteLimit: Int { storage.withLock { $0.byteLimit } }
  /// How many grammars this cache has compiled (each lookup that missed).
  public var compiledCount: Int { compilations.load(ordering: .relaxed) }
}
