"""Input no page of the site can take, refused once at the door with a 400."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBadRequest, JsonResponse

NUL = "\x00"
REFUSAL = "This request contains a character that is not allowed (NUL). Nothing was changed."


def carries_nul(request: HttpRequest) -> bool:
    """A NUL in the path, a query key or value, or a form key or value.

    PostgreSQL text cannot hold NUL, so any such value that reached a query or a write
    answered 500; no browser form sends one, so refusing the request loses nothing.
    Uploaded files are not read here: a file's bytes may hold anything.
    """
    if NUL in request.path_info:
        return True
    sources = [request.GET]
    if request.method == "POST":
        sources.append(request.POST)
    return any(
        NUL in key or any(NUL in value for value in values)
        for source in sources
        for key, values in source.lists()
    )


class RefuseNulMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest):
        if carries_nul(request):
            # The API's clients read JSON, as its schema says every refusal is.
            if request.path_info.startswith("/api/"):
                return JsonResponse({"detail": REFUSAL}, status=400)
            return HttpResponseBadRequest(REFUSAL, content_type="text/plain; charset=utf-8")
        return self.get_response(request)
