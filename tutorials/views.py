from django.shortcuts import render


def tutorial_list(request):
    return render(request, "tutorials/list.html", {})
