public import ServiceLifecycle
public import VocabCore

/// Runs beside the server when the store is shared (PostgreSQL): follows the store's change feed and hands
/// every event to the service (``VocabularyService/apply(_:)``), until graceful shutdown.
public struct ChangeFollower: Service {
    let feed: any VocabularyChangeFeed
    let service: VocabularyService

    /// Creates the follower.
    public init(feed: any VocabularyChangeFeed, service: VocabularyService) {
        self.feed = feed
        self.service = service
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown { [feed, service] in
            await feed.followChanges { service.apply($0) }
        }
    }
}
