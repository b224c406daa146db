import Foundation
public import HTTPTypes
public import Hummingbird

/// An error answer in the form of RFC 9457 (`application/problem+json`): a title, a detail a person can act
/// on, and, for a bad request value, the field at fault (`terms[3].phrase`, `query`, `user`).
public struct Problem: Error, HTTPResponseError, Sendable, Encodable {
    /// A URI naming the kind of problem; `about:blank` when the status says it all.
    public let type: String
    public let title: String
    /// The HTTP status.
    public let status: HTTPResponse.Status
    public let detail: String
    /// The request field at fault, if one is.
    public let field: String?
    /// Headers the answer carries (`WWW-Authenticate` on a 401).
    let headers: [(HTTPField.Name, String)]

    private enum CodingKeys: String, CodingKey { case type, title, status, detail, field }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(title, forKey: .title)
        try container.encode(status.code, forKey: .status)
        try container.encode(detail, forKey: .detail)
        try container.encodeIfPresent(field, forKey: .field)
    }

    /// Creates a problem.
    public init(_ status: HTTPResponse.Status, _ detail: String, field: String? = nil, type: String = "about:blank",
                headers: [(HTTPField.Name, String)] = []) {
        self.type = type
        title = status.reasonPhrase
        self.status = status
        self.detail = detail
        self.field = field
        self.headers = headers
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Self.render(self)
    }

    /// The problem document as a response.
    static func render(_ problem: Problem) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = (try? encoder.encode(problem)) ?? Data("{}".utf8)
        var fields = HTTPFields()
        fields[.contentType] = "application/problem+json"
        for (name, value) in problem.headers { fields[name] = value }
        return Response(status: problem.status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension Problem {
    /// A bad value in the request: 422 naming the field.
    static func invalid(_ field: String, _ detail: String) -> Problem {
        Problem(.unprocessableContent, detail, field: field)
    }
}
