from django.http import Http404, HttpResponse
from django.shortcuts import render

from companion.rules import registry


def index(request):
    return render(request, "rulebook/index.html", {"games": registry.catalog().values()})


def search(request):
    return HttpResponse(status=501)


def game(request, slug):
    if slug not in registry.catalog():
        raise Http404(slug)
    return render(request, "rulebook/index.html", {"games": [registry.catalog()[slug]]})
