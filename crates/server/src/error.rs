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
            ErrorCode::UnknownGame | ErrorCode::UnknownTable | ErrorCode::UnknownPlayer => {
                StatusCode::NOT_FOUND
            }
            ErrorCode::NotAuthenticated | ErrorCode::BadSeatToken => StatusCode::UNAUTHORIZED,
            ErrorCode::SeatTaken => StatusCode::CONFLICT,
            ErrorCode::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::StoreUnavailable => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::BAD_REQUEST,
        }
    }
}

impl From<crate::game::core::Refusal> for ServerError {
    fn from(r: crate::game::core::Refusal) -> Self {
        ServerError::new(r.code, r.message)
    }
}

impl From<crate::store::StoreError> for ServerError {
    fn from(e: crate::store::StoreError) -> Self {
        ServerError::internal(e)
    }
}

impl IntoResponse for ServerError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({"code": self.code, "message": self.message});
        (self.status(), axum::Json(body)).into_response()
    }
}
