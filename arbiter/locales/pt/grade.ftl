# As páginas de `arbiter grade`, em português europeu (por omissão): a
# página de cada estudante (page-…) e a do docente (t-…). Cada mensagem
# deste ficheiro está também em ../en/grade.ftl (os testes verificam).
# Argumentos: $n e as outras contagens escolhem o plural; os restantes são
# texto, ou código (nomes, jogadas), mostrado tal como é.

# A vírgula decimal dos números mostrados (notas, pontos, pontuações).
decimal-separator = ,

## A página do estudante.
page-participant = Participante
page-status = Estado
page-admitted = admitida
page-excluded = excluída
page-grade = Nota
page-grade-of = { $grade } em { $max }
page-grade-none = sem nota (excluída)
page-championship = O campeonato
page-verdict = A admissão
page-admitted-text = A sua entrega joga: foi admitida ao campeonato. O que a verificação encontrou está em baixo, para corrigir; as faltas no campeonato descontam na nota.
page-excluded-refused = A sua entrega foi recusada ao ser recebida, por isto:
page-excluded-refused-fix = Entregue de novo um arquivo só com os ficheiros do projeto.
page-excluded-nothing = Não se encontrou na sua entrega nada que o árbitro consiga pôr a jogar (ou é um projeto de outro jogo). O que o árbitro registou:
page-excluded-sandbox = O seu programa não consegue correr na caixa de areia onde todas as entregas jogam.
page-excluded-handshake = O seu programa nunca respondeu à apresentação (`ugi` → `ugiok`): não pôde jogar.
page-excluded-no-move = Em toda a verificação, o seu programa não fez uma única jogada legal por si: não pôde jogar.
page-excluded-unchecked = A verificação não chegou ao fim.
page-excluded-teacher = Excluída pelo docente: { $reason }
page-fix = O que corrigir
page-check-none = A verificação não foi feita.
page-fix-nothing = A verificação não encontrou nada a corrigir.
page-fix-count = { $n ->
    [one] A verificação encontrou uma coisa a corrigir.
   *[other] A verificação encontrou { $n } coisas a corrigir.
}
page-check-rest = { $n ->
    [one] O resto da verificação (um ponto)
   *[other] O resto da verificação ({ $n } pontos)
}
page-tag-ok = certo
page-tag-warn = aviso
page-tag-fail = falha
page-tag-skip = não feito
page-finding-board = O tabuleiro onde aconteceu
page-how-to-fix = Como corrigir
page-traffic = A comunicação com o programa nesse jogo
page-faults = Faltas no campeonato
page-faults-none = Nenhum jogo perdido por falta.
page-faults-count = { $n ->
    [one] Um jogo perdido por falta.
   *[other] { $n } jogos perdidos por falta.
}
page-faults-rest = As restantes faltas, por motivo
page-faults-reason = { $reason }: { $n ->
    [one] um jogo
   *[other] { $n } jogos
}
page-more = … e mais { $n }
page-fault-title = Jogo n.º { $game } contra { $opponent }, jogada { $ply }: { $reason }
page-fault-board = O tabuleiro quando tinha de jogar
page-fault-legal = { $n ->
    [one] A única jogada legal nesse momento
   *[other] As { $n } jogadas legais nesse momento
}
page-fault-legal-none = Nenhuma jogada legal nesse momento.
page-fault-line = O que o programa respondeu
page-fault-no-line = (nada)
page-fault-open = Abrir o jogo na página do campeonato
page-gate-random = o jogador aleatório ({ $name })
page-gate-greedy = o jogador guloso ({ $name })
page-gate-tabula = a procura de referência ({ $name })
page-gate-other = { $name }
page-strength = A força
page-rating = { $games ->
    [one] Um jogo
   *[other] { $games } jogos
}, { $points ->
    [one] { $shown } ponto
   *[other] { $shown } pontos
}. A sua força, medida em todos os jogos do campeonato (pontos Elo acima do jogador aleatório): { $elo }, entre { $low } e { $high } com 95 % de confiança.
page-tier = Os jogos não distinguem a sua força da de outras entregas: a nota usa a força do grupo, { $tier }.
page-col-gate = Jogador de referência
page-col-pairs = Pares (ganhos–empatados–perdidos)
page-col-expected = Pontuação esperada
page-col-points = Pontos
page-pairs = { $won }–{ $drawn }–{ $lost }
page-strength-note = Um par são dois jogos no mesmo tabuleiro, um com cada cor; ganha o par quem somar mais pontos nos dois. A pontuação esperada é a fração de pares que a sua força faz esperar ganhar a esse jogador (0,5: força igual); os pontos da nota seguem-na.
page-worst = As suas piores jogadas
page-worst-none = A referência não assinalou nenhuma das suas jogadas.
page-worst-note = Segundo a análise da referência: as jogadas que mais baixaram as suas hipóteses de ganhar, e a jogada que a referência teria feito.
page-col-game = Jogo
page-col-move = Meia-jogada
page-col-played = Jogou
page-col-best = Jogada da referência
page-col-chances = Hipóteses de ganhar (antes → depois)
page-col-item = Critério
page-col-why = Porquê, em números
page-item-gate = Contra { $gate }
page-item-own-moves = Jogadas escolhidas pelo seu programa
page-item-faults = Jogos perdidos por falta
page-item-accuracy = Precisão segundo a referência
page-why-gate = força { $rating } contra { $gate }: pontuação esperada { $expected } (nada a { $none }, tudo a { $full }); pares { $won }–{ $drawn }–{ $lost }
page-why-unplayed = nenhum jogo
page-why-own-moves = { $own } de { $asked } ({ $share }) jogadas com escolha (nada a { $none }, tudo a { $full }){ $below }
page-why-below = ; abaixo d{ $gate }: nada
page-why-faults = −mín({ $games } × { $per }; { $cap })
page-why-accuracy = { $accuracy } (nada a { $none }, tudo a { $full })
page-grade-rounded = a soma, { $sum }, arredondada

## A página do docente.
t-title = A época: o que o docente precisa de ver
t-summary = { $n ->
    [one] Uma entrega
   *[other] { $n } entregas
}, { $admitted ->
    [one] uma admitida
   *[other] { $admitted } admitidas
}; { $games ->
    [one] um jogo no campeonato
   *[other] { $games } jogos no campeonato
} ({ $adopted } guardados de corridas anteriores).
t-class = A turma
t-col-student = Estudante e entrega
t-col-status = Estado
t-col-rating = Força (Elo) [intervalo de 95 %]
t-col-own = Jogadas próprias
t-col-faults = Faltas
t-col-fails = Falhas na verificação
t-col-pages = Páginas
t-overridden = decisão do docente: { $reason }
t-page = a do estudante
t-check = a verificação
t-class-note = Só é excluído o que não pode jogar (nada executável, outro jogo, sem apresentação, nenhuma jogada legal própria na verificação); o resto joga, e a página de cada estudante diz-lhe o que corrigir. A força vem de uma só classificação de todos os jogos (Bradley–Terry sobre os pares, jogadores de referência incluídos); as entregas que os jogos não distinguem partilham a força do grupo.
t-games = { $games ->
    [one] Um jogo
   *[other] { $games } jogos
} no plano; { $adopted } guardados de corridas anteriores (os que a mudança das admitidas não afetou).
t-design-played = O formato do campeonato: { $design }.
t-design-round-robin = todos contra todos
t-design-linear = época linear
t-col-design = Formato
t-col-design-games = Jogos
t-col-design-each = Jogos de uma entrega (no máximo)
t-design-note = Todos contra todos: cada entrega contra cada outra e contra cada jogador de referência; os jogos crescem com o quadrado da turma. A época linear: cada entrega contra cada jogador de referência (a mesma prova para todas), depois rondas de um sistema suíço entre as entregas, cada uma emparelhando as de força mais próxima que ainda não se defrontaram; os mesmos jogos para cada entrega, seja qual for o tamanho da turma. Salvo indicação de --design, joga-se todos contra todos enquanto não custar a uma entrega mais jogos do que a época linear.
t-col-rubric = Na grelha
t-gate-rule = { $points } pontos: nada a { $none }, tudo a { $full } de pontuação esperada
t-overrides = As decisões do docente
t-overrides-file = Escreva-as em { $file }, na pasta da época, e corra o mesmo comando outra vez: só os jogos que mudam são jogados.
t-overrides-none = Nenhuma.
t-override-admit = admitida
t-override-exclude = excluída
t-override-cannot-admit = não pode ser admitida: nada a executar
t-recognition = O que a receção e o reconhecimento encontraram
t-refused = Recusada à receção
t-intake-notes = Notas da receção
t-warnings = A verificar
t-lisp = Um projeto Lisp, executado pelo kit conforme a sua descrição (projeto.tabula):
t-col-key = Chave
t-col-value = Valor
t-col-how = Como foi encontrado
t-col-sure = Certeza
t-sure-given = indicado pelo docente
t-sure-certain = certo
t-sure-likely = provável
t-sure-guess = um palpite, a confirmar
t-program = Um programa que fala o protocolo: { $command }
t-nothing = Nada executável:
t-excl-refused = recusada à receção:
t-excl-sandbox = a caixa de areia não a consegue correr:
t-excl-handshake = sem apresentação: o programa nunca respondeu a `ugi`
t-excl-no-move = nenhuma jogada legal do próprio programa na verificação
t-excl-unchecked = não verificada (interrompida): corra o mesmo comando outra vez
t-excl-teacher = excluída pelo docente
t-copies = Cópias
t-copies-off = A verificação de cópias não correu.
t-copies-summary = As fontes de { $n } entregas ({ $past } projetos de anos anteriores) comparadas: { $pairs } pares, { $flagged } assinalados (a partir de { $threshold } das impressões digitais da menor partilhadas). Nada disto aparece nas páginas dos estudantes.
t-pair = { $score } das impressões digitais partilhadas ({ $shared }).
