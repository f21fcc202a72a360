# As páginas de avaliação de `arbiter grade`, em português europeu (por
# omissão). Cada mensagem deste ficheiro está também em ../en/grade.ftl
# (os testes verificam). Argumentos: $n e as outras contagens escolhem o
# plural; os restantes são texto.

# A vírgula decimal dos números mostrados (notas, pontos, pontuações).
decimal-separator = ,

page-title = Avaliação: { $submission }
header-student = Estudante
header-participant = Participante
header-status = Estado
header-grade = Nota
status-admitted = admitida
status-admitted-warnings = admitida, com avisos
status-excluded = excluída
grade-of = { $grade } em { $max }
grade-none = sem nota (excluída)
nav-championship = O campeonato

section-recognition = O que o árbitro encontrou
intake-refused = Recusada
intake-notes = Notas
engine-lisp = Um projeto Lisp, executado pelo kit da unidade curricular conforme a sua descrição { $file }:
engine-program = Um programa que fala o protocolo: { $command }
engine-nothing = Nada que se possa executar: { $reason }
fix = Como corrigir: { $fix }
col-key = Chave
col-value = Valor
col-how = Como foi encontrado
col-sure = Certeza
sure-given = indicado pelo docente
sure-certain = certo
sure-likely = provável
sure-guess = um palpite, a confirmar
recognition-warnings = A verificar

section-check = A verificação
check-none = A verificação não foi feita.
col-what = O que se verificou
col-note = O que aconteceu
col-fix = Como corrigir
tag-ok = ok
tag-warn = aviso
tag-fail = FALHA
tag-skip = não feito
verdict-reasons = Motivos

section-faults = Faltas
faults-none = Nenhum jogo perdido por falta.
faults-count = { $n ->
    [one] Um jogo perdido por falta.
   *[other] { $n } jogos perdidos por falta.
}
fault-title = Jogo n.º { $game } contra { $opponent }, jogada { $ply }: { $reason }
fault-board = O tabuleiro quando tinha de jogar
fault-legal = { $n ->
    [one] A única jogada legal nesse momento
   *[other] As { $n } jogadas legais nesse momento
}
fault-legal-none = Nenhuma jogada legal nesse momento.
fault-legal-more = … e mais { $n }
fault-line = O que o motor respondeu
fault-no-line = (nada)
fault-open = Abrir o jogo na página do campeonato
faults-rest = As restantes faltas, por motivo
faults-reason = { $reason }: { $n ->
    [one] um jogo
   *[other] { $n } jogos
}
reason-illegal = uma jogada ilegal
reason-malformed = uma linha que não é uma jogada
reason-timeout = tempo esgotado
reason-stall = sem resposta a isready
reason-crash = o motor terminou
reason-startup = não arrancou
reason-replaced = uma jogada que o programa não escolheu

section-gates = Contra os jogadores de referência
gates-none = Nenhum jogo contra os jogadores de referência.
summary-results = { $games } jogos, { $points } pontos; { $ranked ->
    [one] a única submissão admitida.
   *[other] { $rank }.º lugar entre { $ranked } submissões admitidas.
}
col-gate = Jogador de referência
col-won = Pares ganhos
col-drawn = empatados
col-lost = perdidos
col-pair-score = Pontuação por pares
col-los = LOS
col-passed = Patamar
gate-passed = atingido
gate-not-passed = não atingido
gates-note = Um par são dois jogos no mesmo tabuleiro, um com cada cor; ganha o par quem somar mais pontos nos dois. A pontuação por pares conta 1 por par ganho e ½ por par empatado, sobre os pares jogados; o LOS é a probabilidade de o seu motor ser mais forte do que o jogador de referência, calculada a partir dos pares ganhos e perdidos.

section-worst = As suas piores jogadas
worst-no-analysis = A referência ainda não analisou os jogos.
worst-none = A referência não assinalou nenhuma das suas jogadas.
worst-note = Segundo a análise da referência: as jogadas que mais baixaram as suas hipóteses de ganhar, e a jogada que a referência teria feito.
col-game = Jogo
col-move = Jogada
col-played = Jogou
col-best = Jogada da referência
col-drop = Hipóteses de ganhar

section-grade = A nota
grade-excluded = Excluída: sem nota.
col-item = Critério
col-points = Pontos
col-why = Porquê, em números
item-gate = Contra { $gate }
item-rank = Classificação entre as admitidas
item-own-moves = Jogadas escolhidas pelo seu programa
item-faults = Jogos perdidos por falta
item-accuracy = Precisão segundo a referência
grade-total = Nota
grade-rounded = a soma { $sum }, arredondada
