# A página do campeonato (report.html) em português: a que `arbiter grade`
# escreve por omissão. Cada mensagem está também em ../en/report.ftl.

report-sub = { $n ->
    [one] Um jogo
   *[other] { $n } jogos
}; fins de jogo: { $reasons }
report-nav-standings = classificação
report-nav-cross = tabela cruzada
report-nav-elo = Elo
report-nav-entrants = participantes
report-nav-games = jogos
report-nav-viewer = visualizador
report-nav-similarity = cópias
report-standings = Classificação
report-ranked-games = por pontos de jogo
report-ranked-points = por pontos de pares (duplicado)
report-ranked-by = ordenada { $how }
report-group-games = jogos
report-group-pairs = pares
report-group-reference = referência
report-col-rank = lugar
report-col-name = nome
report-col-games = jogos
report-col-w = V
report-col-d = E
report-col-l = D
report-col-points = pontos
report-col-score = pontuação
report-col-elo = Elo
report-col-interval = ±95%
report-col-los = LOS
report-col-pairs = pares
report-col-margin = margem
report-col-faults = faltas
report-col-own = próprias
report-acc-title = a média da precisão dos seus jogos, segundo a referência
report-accuracy = precisão
report-blunders = erros graves
report-elo = Elo contra o conjunto
report-elo-aria = Elo com intervalos de 95 %
report-entrants = Participantes
report-cross = Tabela cruzada
report-cross-games = os pontos da linha contra a coluna / jogos
report-cross-points = os pontos de pares da linha contra a coluna / pares
report-cross-note = { $what }; carregue numa célula para ver os jogos desse emparelhamento.
report-games = Jogos
report-col-game = jogo
report-col-p1 = jogador 1
report-col-p2 = jogador 2
report-col-result = resultado
report-col-end = fim
report-col-plies = meias-jogadas
report-col-acc1 = precisão 1
report-col-acc2 = precisão 2
report-acc1-title = a precisão das jogadas do jogador 1, segundo a referência
report-acc2-title = a precisão das jogadas do jogador 2, segundo a referência
report-viewer = Visualizador de jogos
report-choose = Escolha um jogo acima (ou uma célula da tabela cruzada).
report-first = início (Home)
report-back = recuar (←)
report-forward = avançar (→)
report-last = fim (End)
report-own-scores = as avaliações dos próprios motores (cinzento)
report-graph-scores = O gráfico: a avaliação que cada jogada reportou, do lado do jogador 1 (azul acima da linha: o jogador 1 está melhor).
report-graph-win = O gráfico: as hipóteses de ganhar do jogador 1 segundo a referência (0–100 %; acima da linha de 50 %, o jogador 1 está melhor), um ponto depois de cada erro grave (vermelho), erro (laranja) e imprecisão (amarelo), a viragem assinalada com um círculo; a cinzento, as avaliações dos próprios motores. Numa jogada assinalada, o tabuleiro mostra a verde a melhor jogada da referência.
report-col-num = n.º
report-col-side = lado
report-col-move = jogada
report-col-ms = ms
report-col-depth = profundidade
report-col-nodes = nós
report-card = { $games ->
    [one] Um jogo
   *[other] { $games } jogos
} V/E/D { $w }/{ $d }/{ $l }; { $moves } jogadas; profundidade média { $depth }; { $nps } nós/s; { $ms } ms por jogada
report-time-per-move = tempo por jogada
report-no-fault = nenhum jogo perdido por falta
report-lost-by = perdido por
report-view = ver
report-traffic = registo da comunicação
report-more-faults = mais { $n } (cada um leva ao seu jogo)
report-fault-line = jogo { $key }: { $who } ({ $side }) perdeu por { $reason } depois de { $n ->
    [one] uma jogada
   *[other] { $n } jogadas
}{ $detail }
report-fault-detail = : { $detail }
report-no-analysis = nenhum jogo analisado
report-analysis = precisão { $accuracy } em { $games ->
    [one] um jogo analisado
   *[other] { $games } jogos analisados
}; { $blunders } erros graves, { $mistakes } erros, { $inaccuracies } imprecisões
report-no-marked = nenhuma jogada assinalada
report-turning = viragens (as suas piores jogadas)
report-turning-move = { $key } jogada { $n }
report-turning-rest = : { $played } ({ $class }, −{ $drop } %), melhor { $best }{ $missed }
report-missed-win = ; uma vitória perdida
report-class-best = a melhor
report-class-good = boa
report-class-inaccuracy = imprecisão
report-class-mistake = erro
report-class-blunder = erro grave
report-js-draw = empate
report-js-won = { $who } ganhou
report-js-games-of = Jogos de { $a } e { $b }:{" "}
report-js-all-games = Todos os jogos:{" "}
report-js-see-all = {" "}(carregue no título para ver todos)
report-js-show-more = mostrar mais { $n } de { $of }
report-js-best = melhor: { $best } (jogou: { $played } { $badge }, { $class })
report-js-title = { $game } { $key }: { $p1 } (jogador 1) – { $p2 } (jogador 2), { $s1 } - { $s2 }, { $result }
report-js-accuracy = ; precisão { $a1 } – { $a2 }
report-js-reference = referência
report-js-best-note = melhor { $best }
report-js-missed-win = uma vitória perdida
report-js-replaced = substituída (não é jogada do programa)
report-js-ended = Fim: { $reason }
report-js-at-fault = {" "}(em falta: { $who })
report-js-mark = jogada { $n }: { $class }
report-js-p1-full = jogador 1: 100 %
report-method-games = ordenada por pontos de jogo (uma vitória 1, um empate ½) em { $n ->
    [one] um jogo
   *[other] { $n } jogos
}
report-method-points = ordenada por pontos de pares (pontuação duplicada: cada par de jogos com as cores trocadas no mesmo tabuleiro é ganho por quem somar mais pontos nos dois; em empate, pela soma das margens) em { $n ->
    [one] um par
   *[other] { $n } pares
}
report-method-columns = jogos: V/E/D dos { $games } jogos; pares: V/E/D dos { $pairs } pares completos com as cores trocadas, pontuação duplicada, margem = pontos marcados - sofridos
    Elo: Elo logístico da pontuação contra o conjunto, ±95%: intervalo (aproximação normal) da pontuação V/E/D por jogo (por par)
    próprias: a parte das jogadas pedidas, quando havia escolha, que o próprio programa escolheu (não uma passagem obrigatória; não uma jogada que o adaptador deu, nem aquela em que uma falta acabou o jogo)
report-legend = ±95%: metade da largura do intervalo de 95 % do Elo; >x / <x: só um limite inferior / superior (pontuação perto de 100 % / 0 %); inf: sem limite (todos os jogos ganhos ou perdidos, ou jogos a menos)
