# As palavras de `arbiter check`: o que cada camada verificou, o que
# aconteceu e como corrigir, como as lê um estudante na sua página. Cada
# mensagem está também em ../en/check.ftl (o que o terminal mostra).
# Argumentos: os números escolhem o plural; os outros são código (o que o
# motor escreveu, um comando, uma jogada), mostrados tal como são.

## As faltas, como o cliente as viu.
check-fault-startup = não arrancou: { $detail }
check-fault-stall = deixou de responder: { $detail }
check-fault-crash = o programa terminou: { $detail }
check-fault-timeout = sem jogada a tempo ({ $ms } ms de atraso): { $detail }
check-fault-malformed = não é uma jogada: { $line }
check-fault-illegal = jogada ilegal: { $line }
check-fault-interrupted = interrompido
check-engine-said = ; o motor escreveu { $line }
check-engine-said-more = ; o motor escreveu { $line } (e mais { $n ->
    [one] uma linha de erro
   *[other] { $n } linhas de erro
})
check-go-failed = { $fault }{ $said }
check-not-a-move = { $mv } não é uma jogada ({ $why })
check-illegal-move = { $mv } é ilegal ({ $why }); jogadas legais: { $legal }
check-legal-list = { $moves }
check-legal-none = nenhuma, o jogo acabou

## Como corrigir.
hint-startup = responda a `ugi` com `ugiok` (depois das linhas `id` e `option`, se as houver) e despeje (flush) a saída depois de cada linha
hint-stall = responda logo a `isready` (ou `isready <n>`) com `readyok` (ou `readyok <n>`)
hint-timeout = envie o `bestmove` dentro do tempo da jogada; guarde uma reserva para a comunicação
hint-crash = o processo terminou: veja o fim do que escreveu em stderr
hint-malformed = escreva a jogada na notação do jogo: `bestmove e5`, `bestmove h1.2`, `bestmove pass`
hint-illegal = reveja as regras (casas atacadas, números removidos, passagem obrigatória)
hint-replaced-error = o programa assinalou um erro nesta posição: execute-o nela à mão (o `show` do kit de Lisp mostra o estado que lhe passa) e leia o erro
hint-replaced-unreadable = o kit não conseguiu ler a resposta do programa: devolva-a na forma que o enunciado do ano pede (o README do kit mostra a de cada ano)
hint-replaced-nomove = o programa não devolveu jogada onde as regras dão alguma: procure em todas as jogadas
hint-replaced-late = o programa passou do limite de tempo do próprio kit: pare no tempo que lhe é dado
hint-replaced = o adaptador respondeu pelo programa: veja o motivo acima
hint-flush = nenhuma saída até ao fim da entrada: despeje (flush) a saída depois de cada linha (Python: `print(..., flush=True)`; C: `fflush(stdout)`; Lisp: `(finish-output)`)
hint-rules = refaça a posição com as regras: casas atacadas, números removidos (o número simétrico, o maior duplo), `pass` quando, e só quando, quem joga não tem jogada mas o adversário tem; no Dots, quem fecha uma caixa joga outra vez
hint-robust = leia cada linha com cuidado: uma linha que não entende recebe `info string error …` (ou é ignorada), nunca um erro fatal nem um ciclo sem fim
hint-exited = o programa terminou: execute o comando num terminal e escreva `ugi` e `isready` para ver porquê (o fim do que escreveu em stderr, se o houver, está acima)
hint-command = indique o comando tal como o escreveria num terminal
hint-refused-go = o motor recusou o `go` (a sua linha de erro está citada): corrija o que ela diz; cada `go` depois de um `position` válido recebe exatamente um `bestmove`
hint-hang = nenhum `bestmove`, nem depois de `stop`: um ciclo sem fim nesta posição, ou uma procura que nunca olha para o relógio (uma profundidade que não consegue acabar); veja o tempo a cada poucos milhares de nós e responda com a melhor jogada até aí; as jogadas que as camadas seguintes pedem não são feitas
hint-sandbox = a caixa de areia só mostra ao motor as pastas do sistema (só leitura), a sua própria pasta (só leitura) e um /tmp vazio; sem rede, sem outros processos, sem porta-chaves do núcleo, sem trincos de ficheiros nem inotify, com processos e memória limitados e poucas variáveis de ambiente: guarde na sua pasta cada ficheiro que o motor lê e escreva só em /tmp
hint-ugiok-late = o motor responde, mas o seu `ugiok` chegou tarde de mais ou nunca chegou: envie `ugiok` logo a seguir a `ugi` (carregue as tabelas grandes depois)
hint-silent = o motor não escreveu nada, nem no fim da entrada: lê o stdin e responde a `ugi`?
hint-read-stdin = leia os comandos do stdin, um por linha, desde o início
hint-echo-token = devolva o código: `isready { $token }` → `readyok { $token }`
hint-echo-token-exactly = devolva o código exatamente: `isready { $token }` → `readyok { $token }` (o árbitro espera pelo seu próprio código)
hint-token-readyok = responda a `isready <código>` com `readyok <código>` (o código é uma palavra)

## O que cada camada verificou.
what-board = tabuleiro
what-sandbox = caixa de areia
what-hung = { $what }: o programa bloqueou
what-program = programa
what-program-found = programa encontrado
what-handshake = apresentação (`ugi`)
what-isready = `isready`
what-isready-token = `isready { $token }`

## O que aconteceu.
check-detail = { $detail }
check-quoted = { $line }
check-answered = respondeu { $line }
check-restart-failed = não foi possível voltar a arrancar o motor: { $note }
check-at = { $what } em { $at }
check-hung-earlier = o programa bloqueou antes (acima)
check-sandbox-ok = nada recusado, tanto quanto o stderr do motor diz
check-sandbox-refused = foi recusado algo ao motor: { $lines }
check-no-id = (sem `id name`)
check-handshake-ok = { $id }, { $ms } ms, opções: [{ $options }]
check-first-isready = { $detail } (o primeiro `isready`, logo a seguir à apresentação)
check-no-readyok = nenhum `readyok` em { $ms } ms
check-bare-readyok = respondeu só `readyok`, sem o código
what-first-move = primeira jogada
what-quit = `quit`
what-time = tempo
check-go-at = { $what }
check-quit-late = ainda a correr { $ms } ms depois de `quit`: terminado à força
check-played-but-said = jogou { $mv }, mas o motor escreveu { $line }
check-first-move-ok = { $mv } em { $ms } ms{ $info }
check-over-time = { $ms } ms, mais do que os { $given } ms dados
check-trivial-depth = respondeu em { $ms } ms dos { $given } ms dados, à profundidade { $depth }
check-info-depth-nodes = , profundidade { $depth }, { $nodes } nós
check-info-depth = , profundidade { $depth }
check-info-none = , sem linha `info` (opcional)
hint-quit = termine quando ler `quit` ou o fim da entrada
hint-error-line = a linha de erro do motor diz o que falhou no seu código; uma jogada de recurso é um jogo perdido disfarçado
hint-trivial-depth = uma procura que para tão cedo costuma ler o relógio nas unidades erradas (uma diferença de `get-internal-real-time` comparada com um tempo em ms: o SBCL conta microssegundos, o LispWorks milissegundos) ou tem uma profundidade fixa pequena; o kit de Lisp converte o tempo com `--clock internal` (ou com a sua sonda)
hint-reserve = guarde uma reserva: pare de procurar um pouco antes do tempo da jogada
what-games = jogos
what-game-n = jogo { $n }
what-game = jogo { $n }, como jogador { $player }
check-no-log-folder = sem pasta para os registos da comunicação: { $detail }
check-position = na posição do tabuleiro
check-legal-more = { $moves } … e mais { $n }
check-game-replaced = o programa escolheu { $own } das { $asked } jogadas que lhe foram pedidas quando havia escolha; o adaptador respondeu por ele, a primeira vez na meia-jogada { $ply } ({ $why }), { $at }
check-hung-after = depois de { $n ->
    [one] uma jogada
   *[other] { $n } jogadas
}, { $at }
check-game-fault = { $reason } depois de { $n ->
    [one] uma jogada
   *[other] { $n } jogadas
}: { $detail }{ $said }, { $at }
check-game-ok = { $result } { $s1 }-{ $s2 } em { $n ->
    [one] uma jogada
   *[other] { $n } jogadas
} (a jogada mais lenta: { $max } ms)
check-result-won = ganhou
check-result-lost = perdeu
check-result-draw = empatou
check-reason-normal = fim normal
check-reason-illegal = jogada ilegal
check-reason-malformed = linha que não é uma jogada
check-reason-timeout = tempo esgotado
check-reason-stall = sem resposta a `isready`
check-reason-crash = o programa terminou
check-reason-startup = não arrancou
check-reason-maxlength = jogo demasiado longo
check-reason-resign = desistência
check-reason-replaced = jogada que o programa não escolheu
what-stdout = saída (stdout)
what-clock = relógio
what-own-moves = jogadas próprias
check-stdout-ok = { $n } linhas, todas respostas do protocolo
check-stdout-empty = (uma linha vazia)
check-stdout-line = { $line }
check-stdout-after = {" "}(depois de `{ $sent }`)
check-stdout-stray = { $count } de { $seen } linhas não são respostas do protocolo; a primeira: { $shown }{ $after }
check-cputime = o programa mede tempo de processador ({ $detail })
check-clock-doubt = as unidades do relógio do kit: { $detail }
check-own-moves-ok = nenhuma jogada foi respondida pelo adaptador em vez do programa
check-own-moves-replaced = o adaptador respondeu pelo programa ({ $reason }), { $at }
check-own-moves-more = mais { $n } jogadas respondidas pelo adaptador, não pelo programa
hint-stdout = a saída (stdout) é só para as respostas do protocolo (as linhas `info …` podem ir lá): escreva as mensagens de depuração em stderr (Python: `print(..., file=sys.stderr)`; C: `fprintf(stderr, …)`; Lisp: `(format *error-output* …)`); linhas a mais confundem os outros clientes e escondem as respostas verdadeiras
hint-cputime = as suas jogadas ficam mais lentas numa máquina ocupada, onde o tempo de processador corre mais devagar do que o relógio do árbitro: meça o tempo real (`get-internal-real-time`)
hint-clock-units = indique as unidades na descrição (`:clock :ms` ou `:clock :internal`)
what-infinite-stop = `go infinite` e `stop`
what-command = `{ $command }`
what-bestmove-after-stop = `bestmove` depois de `stop`
what-isready-after-stop = `isready` depois de `stop`
what-one-bestmove = exatamente um `bestmove`
check-timed-ok = { $mv } em { $ms } ms (limite { $limit } + margem { $margin } ms)
check-stop-ok = `bestmove` { $ms } ms depois de `stop`
check-refused-infinite = recusou `go infinite`: { $line }
check-stop-none = nenhum `bestmove` em { $ms } ms depois de `stop`
check-infinite-at-once = respondeu logo a `go infinite`, sem esperar por `stop`
check-bestmoves = { $n } linhas `bestmove` para um só `go`
hint-refused-infinite = permitido (um torneio nunca envia `go infinite`), mas as ferramentas de análise usam-no: procure até `stop` e depois responda com o `bestmove`
hint-stop = continue a ler o stdin enquanto procura (numa thread, ou espreitando a entrada a cada poucos milhares de nós) e responda logo a `stop` com o `bestmove`
hint-infinite-at-once = permitido num motor trivial (um torneio nunca envia `go infinite`); um motor que procura deve procurar até `stop`
hint-one-bestmove = envie exatamente um `bestmove` por cada `go`; um `stop` quando nada corre é ignorado
what-malformed = entrada malformada
what-move-after-malformed = jogada depois da entrada malformada
check-malformed-no-readyok = depois de { $label } ({ $line }), nenhum `readyok` em { $ms } ms
check-malformed-fault = depois de { $label } ({ $line }): { $fault }
check-malformed-ok = { $n } linhas malformadas, e continua a responder a `isready`
check-bad-unknown = um comando desconhecido
check-bad-position = uma posição inválida
check-bad-empty-position = uma posição vazia
check-bad-size = uma posição do tamanho errado
check-bad-moves = uma lista de jogadas ilegal
check-bad-go = um `go` inválido
check-bad-negative = um `go` com tempo negativo
check-bad-long = uma linha enorme (70000 bytes)
check-bad-control = bytes de controlo
check-bad-option = um `setoption` de uma opção desconhecida
what-legal-moves = jogadas legais
what-perft = `perft`
what-query = `query`
check-sample-kind = {" "}({ $kind })
check-sample-pass = passagem obrigatória
check-sample-extra = jogada extra
check-sample-over = jogo terminado
check-at-sample = { $why }{ $kind }
check-legal-moves-ok = { $n ->
    [one] uma posição
   *[other] { $n } posições
} ({ $passes ->
    [one] uma passagem obrigatória
   *[other] { $passes } passagens obrigatórias
}, { $extra ->
    [one] uma jogada extra
   *[other] { $extra } jogadas extra
})
check-legal-moves-bad = { $bad } de { $n } posições{ $rest }; a primeira: { $first }
check-rest-not-tried = {" "}(as restantes não foram tentadas depois de 3 faltas)
check-not-implemented = não implementado (opcional para os estudantes)
check-asked-fault = `{ $asked }`: { $fault }
check-perft-nan = uma contagem que não é um número
check-refused = recusou: { $line }
check-perft-slow = sem resposta a `perft` em { $ms } ms, lento de mais para verificar ({ $n } contagens certas antes disso)
check-perft-wrong = na posição do tabuleiro, { $got }, esperava-se { $want }
check-perft-ok = { $n } contagens iguais às da biblioteca de regras
check-no-response = sem resposta
check-query-wrong = { $query }: { $got }, esperava-se { $want }
check-query-over = {" "}incluindo { $n ->
    [one] um jogo terminado
   *[other] { $n } jogos terminados
}
check-query-ok = { $checked } respostas iguais às da biblioteca de regras ({ $n ->
    [one] uma posição
   *[other] { $n } posições
}{ $over })
hint-perft-slow = opcional para os estudantes; um `perft` só gera e joga jogadas (sem procura nem avaliação) e responde logo a `stop`
hint-perft = o `perft` conta as folhas a essa profundidade; um jogo terminado conta como uma folha e uma passagem obrigatória é uma meia-jogada
hint-query = `gameover`: nenhum dos jogadores tem jogada legal; `p1turn`: joga o jogador 1 (brancas, lado 1); `result`: p1win/p2win/draw pela pontuação final, none enquanto o jogo continua
what-solve = `solve` { $puzzle } { $name }
what-solve-puzzle = `solve` ({ $puzzle })
check-solve-optional = (opcional para os estudantes; `--game { $puzzle }` exige-o)
check-solve-refused-optional = `solve` recusado: { $line } { $optional }
check-solve-silent-optional = sem resposta a `solve`, nem a `stop` { $optional }
check-solve-refused = `position fen` + `solve` recusado: { $line }
check-solve-silent = nenhuma linha `solution`/`nosolution` em { $ms } ms, nem { $stop } ms depois de `stop`
check-solve-no-moves = nenhum `moves` em { $line }
check-solve-bad-move = a jogada { $n } da solução, { $mv }: { $why }
check-solve-short = { $n ->
    [one] a única jogada chega
   *[other] as { $n } jogadas chegam
} a { $score }, abaixo do objetivo { $target }
check-solve-depth = `depth { $depth }`, mas { $n ->
    [one] uma jogada
   *[other] { $n } jogadas
}
check-solve-longer = { $n ->
    [one] uma jogada
   *[other] { $n } jogadas
} até { $score }; o ótimo é { $best }
check-solve-optimal = { $n ->
    [one] uma jogada
   *[other] { $n } jogadas
} até { $score } (ótimo: { $best })
check-solve-unknown = { $n ->
    [one] uma jogada
   *[other] { $n } jogadas
} até { $score } (ótimo desconhecido)
check-solve-false-proof = afirma que não há solução ({ $line }), mas há uma de { $n ->
    [one] uma jogada
   *[other] { $n } jogadas
}
check-solve-none-proved = sem solução, como a referência prova
check-solve-none-found = nenhuma solução em { $ms } ms ({ $line })
hint-solve-refused = responda a `solve` sobre um `position fen <FEN do problema>` com `solution … moves …` ou `nosolution …`
hint-solve-silent = responda a `solve` com exatamente uma linha final; a `stop`, responda logo `nosolution reason limit …`
hint-solve-moves = a linha final termina em `moves <m1> … <mL>`
hint-solve-target = uma solução tem de chegar pelo menos ao objetivo
hint-solve-depth = a profundidade L é o número de jogadas da solução
hint-solve-optimal = uma heurística admissível com A* (ou IDA*) encontra o menor número de jogadas
hint-solve-exhausted = `reason exhausted` é uma prova: só depois de procurar em todo o espaço
hint-solve-faster = um algoritmo mais rápido ou uma heurística melhor encontrá-la-ia
