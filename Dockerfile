# Builds the fourhand server from this repository.
FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p fourhand

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /src/target/release/fourhand /usr/local/bin/fourhand
COPY web /app/web
ENV FOURHAND_LISTEN=0.0.0.0:8080 \
    FOURHAND_WEB_DIR=/app/web \
    FOURHAND_DATA_DIR=/app/data
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
CMD ["fourhand", "serve"]
