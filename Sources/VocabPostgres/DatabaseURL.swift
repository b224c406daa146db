import Foundation
public import PostgresNIO

/// A PostgreSQL connection URL, as libpq and most tools write it:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require][&host=/socket/dir]`.
///
/// `postgresql://` is accepted too. The user defaults to `postgres`, the port to 5432 and the database to
/// the user's name. A `host` query item naming a folder connects through the Unix socket
/// `FOLDER/.s.PGSQL.PORT` instead of TCP (as libpq does). `options` passes server settings at connection
/// start, as libpq's does (e.g. `options=-c%20search_path%3Dvocab` keeps the tables in schema `vocab`).
public struct DatabaseURL: Sendable, CustomStringConvertible {
    /// The client configuration the URL describes.
    public private(set) var configuration: PostgresClient.Configuration
    /// The URL with its password replaced by `***`: safe for logs and error messages.
    public let redacted: String
    /// Whether and how connections use TLS (`sslmode`; a Unix socket never does).
    public let tlsMode: TLSMode

    /// The `sslmode` values understood.
    public enum TLSMode: String, Sendable {
        /// Never.
        case disable
        /// When the server offers it (the default, as libpq's).
        case prefer
        /// Always; refuse a server without it.
        case require
    }

    /// Parses a URL.
    ///
    /// - Throws: ``DatabaseURLError`` naming the part at fault.
    public init(_ text: String) throws(DatabaseURLError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme else {
            throw DatabaseURLError("is not a URL; expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw DatabaseURLError("has the scheme '\(scheme)'; expected postgres:// or postgresql://")
        }
        let user = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
        let password = components.password.flatMap { $0.removingPercentEncoding }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let database = path.isEmpty ? user : (path.removingPercentEncoding ?? path)
        guard !database.contains("/") else {
            throw DatabaseURLError("has the path '/\(path)'; expected one database name")
        }
        let port = components.port ?? 5432
        guard (1...65_535).contains(port) else { throw DatabaseURLError("has the port \(port); expected 1 to 65535") }

        var socketFolder: String?
        var startupOptions: String?
        var mode = TLSMode.prefer
        for item in components.queryItems ?? [] {
            switch (item.name, item.value ?? "") {
            case ("host", let folder) where folder.hasPrefix("/"): socketFolder = folder
            case ("sslmode", "disable"): mode = .disable
            case ("sslmode", "prefer"), ("sslmode", "allow"): mode = .prefer
            case ("sslmode", "require"): mode = .require
            case ("sslmode", let mode):
                throw DatabaseURLError("has sslmode=\(mode); expected disable, prefer or require")
            case ("options", let options): startupOptions = options
            case ("application_name", _), ("connect_timeout", _): continue
            case (let name, _):
                throw DatabaseURLError("has the parameter '\(name)'; expected sslmode, host (a socket folder) or options")
            }
        }
        tlsMode = socketFolder == nil ? mode : .disable
        if let socketFolder {
            configuration = .init(unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: user,
                                  password: password, database: database)
        } else {
            guard let host = components.host, !host.isEmpty else {
                throw DatabaseURLError("has no host; expected postgres://USER@HOST/DATABASE or ?host=/socket/folder")
            }
            let tls: PostgresClient.Configuration.TLS = switch mode {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
            configuration = .init(host: host, port: port, username: user, password: password, database: database,
                                  tls: tls)
        }
        if let startupOptions {
            configuration.options.additionalStartupParameters.append(("options", startupOptions))
        }
        var shown = components
        if shown.password != nil { shown.password = "***" }
        redacted = shown.string ?? "postgres://\(user)@…/\(database)"
    }

    public var description: String { redacted }
}

/// A database URL that cannot be used; the message says which part is wrong (never the password).
public struct DatabaseURLError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, completing "the database URL …".
    public let message: String

    init(_ message: String) { self.message = message }

    public var description: String { "the database URL \(message)" }
}
