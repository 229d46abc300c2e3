"""What an operator watches, recorded where it happens: the log context (which request,
socket, task, game or round a line is about) and the Prometheus metrics. At the bottom of
the layers, so that every app may record; it imports none of them. Serving the metrics,
formatting the logs and reporting errors are wired in `config` (docs/operations.md,
"Watching")."""
