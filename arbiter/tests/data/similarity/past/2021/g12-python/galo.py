# Galo 3D -- 2021, grupo 11
# Tabuleiro como lista de 64 inteiros; procura minimax simples.

import random
import sys

VAZIO, UM, DOIS = 0, 1, 2


def idx(x, y, z):
    return x + 4 * y + 16 * z


def gerar_linhas():
    linhas = []
    for a in range(4):
        for b in range(4):
            linhas.append([idx(k, a, b) for k in range(4)])
            linhas.append([idx(a, k, b) for k in range(4)])
            linhas.append([idx(a, b, k) for k in range(4)])
    for a in range(4):
        linhas.append([idx(k, k, a) for k in range(4)])
        linhas.append([idx(k, 3 - k, a) for k in range(4)])
        linhas.append([idx(k, a, k) for k in range(4)])
        linhas.append([idx(k, a, 3 - k) for k in range(4)])
        linhas.append([idx(a, k, k) for k in range(4)])
        linhas.append([idx(a, k, 3 - k) for k in range(4)])
    linhas.append([idx(k, k, k) for k in range(4)])
    linhas.append([idx(k, k, 3 - k) for k in range(4)])
    linhas.append([idx(k, 3 - k, k) for k in range(4)])
    linhas.append([idx(3 - k, k, k) for k in range(4)])
    return linhas


LINHAS = gerar_linhas()


def vencedor(tab):
    for l in LINHAS:
        v = tab[l[0]]
        if v != VAZIO and all(tab[i] == v for i in l):
            return v
    return None


def avaliar(tab, jog):
    adv = DOIS if jog == UM else UM
    s = 0
    for l in LINHAS:
        meus = sum(1 for i in l if tab[i] == jog)
        deles = sum(1 for i in l if tab[i] == adv)
        if deles == 0:
            s += meus * meus
        if meus == 0:
            s -= deles * deles
    return s


def minimax(tab, jog, prof, maximizar, eu):
    v = vencedor(tab)
    if v is not None:
        return 1000 if v == eu else -1000
    livres = [i for i in range(64) if tab[i] == VAZIO]
    if prof == 0 or not livres:
        return avaliar(tab, eu)
    valores = []
    for i in livres:
        tab[i] = jog
        valores.append(minimax(tab, DOIS if jog == UM else UM, prof - 1, not maximizar, eu))
        tab[i] = VAZIO
    return max(valores) if maximizar else min(valores)


def escolher(tab, jog):
    livres = [i for i in range(64) if tab[i] == VAZIO]
    random.shuffle(livres)
    melhor, valor = livres[0], -10 ** 9
    for i in livres:
        tab[i] = jog
        v = minimax(tab, DOIS if jog == UM else UM, 1, False, jog)
        tab[i] = VAZIO
        if v > valor:
            melhor, valor = i, v
    return melhor


def texto(i):
    return "abcd"[i % 4] + str(i // 4 % 4 + 1) + str(i // 16 + 1)


def casa(t):
    return idx("abcd".index(t[0]), int(t[1]) - 1, int(t[2]) - 1)


tab, jog = [VAZIO] * 64, UM
for linha in sys.stdin:
    p = linha.split()
    if not p:
        continue
    if p[0] == "ugi":
        print("ugiok", flush=True)
    elif p[0] == "isready":
        print("readyok", *p[1:], flush=True)
    elif p[0] == "position":
        tab, jog = [VAZIO] * 64, UM
        for m in p[p.index("moves") + 1:] if "moves" in p else []:
            tab[casa(m)] = jog
            jog = DOIS if jog == UM else UM
    elif p[0] == "go":
        print("bestmove", texto(escolher(tab, jog)), flush=True)
    elif p[0] == "quit":
        break
