from django.contrib.auth.decorators import login_required
from django.shortcuts import render


@login_required
def history(request):
    return render(request, "reports/history.html")
