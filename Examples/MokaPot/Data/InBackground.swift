import Foundation
import Synchronization

/// A value computed on a thread of its own from the moment it is made; ``value`` waits for it.
///
/// A thread of its own, not a pool's: a pool that is busy, as Swift concurrency's can be while an
/// async caller waits, would run the work after the caller's, one after the other.
final class InBackground<Value: Sendable>: Sendable {
  private let work: @Sendable () -> Value
  private let result = Mutex<Value?>(nil)
  private let done = DispatchSemaphore(value: 0)

  init(_ work: @escaping @Sendable () -> Value) {
    self.work = work
    Thread.detachNewThread {
      let value = work()
      self.result.withLock { $0 = value }
      self.done.signal()
    }
  }

  /// The value, once computed. (It always is after the wait; were it not, it is computed here.)
  var value: Value {
    done.wait()
    done.signal()
    return result.withLock { $0 } ?? work()
  }
}
