def login_identifier(request, credentials: dict | None) -> str:
    """What django-axes counts failures against: the email a log-in was tried for."""
    credentials = credentials or {}
    identifier = credentials.get("email") or credentials.get("username")
    if not identifier and request is not None:
        identifier = request.POST.get("login") or request.POST.get("username")
    return (identifier or "").strip().lower()
