//! The server's one error type: a stable code for clients, a safe message, an HTTP status.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use fourhand_protocol::ErrorCode;

/// An error shown to a client. Internal details are logged, never shown.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{message}")]
pub struct ServerError {
    /// Stable code.
    pub code: ErrorCode,
    /// Safe message.
    pub message: String,
}

impl ServerError {
    /// An error with this code and message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ServerError {
        ServerError {
            code,
            message: message.into(),
        }
    }

    /// An internal failure: logs `detail`, shows a generic message.
    pub fn internal(detail: impl std::fmt::Display) -> ServerError {
        tracing::error!(%detail, "internal error");
        ServerError::new(ErrorCode::Internal, "internal error; nothing changed")
    }

    fn status(&self) -> StatusCode {
        match self.code {
            ErrorCode::UnknownGame
            | ErrorCode::UnknownTable
            | ErrorCode::UnknownPlayer
            | ErrorCode::UnknownTournament
            | ErrorCode::NoReview => StatusCode::NOT_FOUND,
            ErrorCode::GameInProgress => StatusCode::CONFLICT,
            ErrorCode::ReviewPending => StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::NotAuthenticated | ErrorCode::BadSeatToken => StatusCode::UNAUTHORIZED,
            ErrorCode::SeatTaken => StatusCode::CONFLICT,
            ErrorCode::OriginNotAllowed | ErrorCode::NotAdmin => StatusCode::FORBIDDEN,
            ErrorCode::Banned | ErrorCode::Muted | ErrorCode::RatedBanned | ErrorCode::Playban => {
                StatusCode::FORBIDDEN
            }
            ErrorCode::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::StoreUnavailable | ErrorCode::GameUnavailable | ErrorCode::AnalysisBusy => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            _ => StatusCode::BAD_REQUEST,
        }
    }
}

/// A refused rule set name or option is the client's `bad_request`, with the rules crate's words.
impl From<fourhand_rules::RuleSetError> for ServerError {
    fn from(e: fourhand_rules::RuleSetError) -> ServerError {
        ServerError::new(ErrorCode::BadRequest, e.to_string())
    }
}

impl From<crate::store::StoreError> for ServerError {
    fn from(e: crate::store::StoreError) -> Self {
        ServerError::internal(e)
    }
}

/// The body of every error answer of the API.
#[derive(serde::Serialize)]
struct ErrorBody<'a> {
    code: ErrorCode,
    message: &'a str,
}

impl IntoResponse for ServerError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            code: self.code,
            message: &self.message,
        };
        (self.status(), axum::Json(body)).into_response()
    }
}

/// Gives every error answer of the API the documented `{code, message}` JSON body: the
/// framework's own refusals (malformed JSON, a missing content type, a body over its limit, a
/// bad path) come as plain text otherwise. Malformed or mistyped JSON is `400 bad_message`.
pub async fn json_errors(resp: Response) -> Response {
    let status = resp.status();
    let is_json = resp
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return resp;
    }
    let body = axum::body::to_bytes(resp.into_body(), 4096)
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&body).trim().to_string();
    let (code, status) = match status {
        StatusCode::PAYLOAD_TOO_LARGE => (ErrorCode::TooLarge, status),
        StatusCode::TOO_MANY_REQUESTS => (ErrorCode::RateLimited, status),
        StatusCode::UNPROCESSABLE_ENTITY
        | StatusCode::UNSUPPORTED_MEDIA_TYPE
        | StatusCode::BAD_REQUEST => (ErrorCode::BadMessage, StatusCode::BAD_REQUEST),
        s if s.is_server_error() => (ErrorCode::Internal, s),
        s => (ErrorCode::BadRequest, s),
    };
    let message = if text.is_empty() {
        status.canonical_reason().unwrap_or("error").to_string()
    } else {
        text
    };
    let body = ErrorBody {
        code,
        message: &message,
    };
    (status, axum::Json(body)).into_response()
}
