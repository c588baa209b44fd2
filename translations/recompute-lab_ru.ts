<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru">
<context>
    <name>AnswerChart</name>
    <message>
        <source>%1 (predicted)</source>
        <translation>%1 (предсказано)</translation>
    </message>
</context>
<context>
    <name>AnswerView</name>
    <message>
        <source>GFLOP</source>
        <translation>GFLOP</translation>
    </message>
    <message>
        <source>MFLOP</source>
        <translation>MFLOP</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>мс</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>ГиБ</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>МиБ</translation>
    </message>
    <message>
        <source>KiB</source>
        <translation>КиБ</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 kept %2 of activations at the step&apos;s peak.</source>
        <translation>%1 хранит %2 активаций на пике шага.</translation>
    </message>
    <message>
        <source>%1: %2 of %3 at the step&apos;s peak.</source>
        <translation>%1: %2 из %3 на пике шага.</translation>
    </message>
    <message>
        <source>%1 kept %2 of activations at the step&apos;s peak, %3 of %4&apos;s %5.</source>
        <translation>%1 хранит %2 активаций на пике шага — %3 от %5 у %4.</translation>
    </message>
    <message>
        <source>%1: %2 of %3 at the step&apos;s peak, %4 of %5&apos;s %6.</source>
        <translation>%1: %2 из %3 на пике шага — %4 от %6 у %5.</translation>
    </message>
    <message>
        <source>%1 recomputed nothing.</source>
        <translation>%1 ничего не пересчитывает.</translation>
    </message>
    <message>
        <source>%1 recomputed %2 a step.</source>
        <translation>%1 пересчитывает %2 за шаг.</translation>
    </message>
    <message>
        <source>%1 recomputed %2 a step, %3 of a forward pass.</source>
        <translation>%1 пересчитывает %2 за шаг — %3 прямого прохода.</translation>
    </message>
    <message>
        <source>%1 recomputed %2.</source>
        <translation>%1 пересчитывает %2.</translation>
    </message>
    <message>
        <source>%1&apos;s step took %2 ms (median, 95% interval %3 to %4).</source>
        <translation>Шаг %1 занял %2 мс (медиана, 95%-й интервал от %3 до %4).</translation>
    </message>
    <message>
        <source> What is certain is the work: %1 recomputes %2 more a step, counted.</source>
        <translation> Точно известна работа: %1 пересчитывает на %2 больше за шаг, и это подсчитано.</translation>
    </message>
    <message>
        <source>%1&apos;s step and %2&apos;s are the same within noise at these sizes (%3 times, 95% interval %4 to %5).</source>
        <translation>Шаги %1 и %2 при этих размерах одинаковы в пределах шума (×%3, 95%-й интервал от %4 до %5).</translation>
    </message>
    <message>
        <source>%1&apos;s step took %2 times %3&apos;s (95% interval %4 to %5).</source>
        <translation>Шаг %1 занял ×%2 от шага %3 (95%-й интервал от %4 до %5).</translation>
    </message>
    <message>
        <source>%1&apos;s gradients differ from none&apos;s by %2 of the largest gradient.</source>
        <translation>Градиенты %1 отличаются от градиентов none на %2 от наибольшего градиента.</translation>
    </message>
    <message>
        <source>%1&apos;s loss differs from none&apos;s by %2.</source>
        <translation>Потери %1 отличаются от потерь none на %2.</translation>
    </message>
    <message>
        <source>%1&apos;s by %2.</source>
        <translation>У %1 — на %2.</translation>
    </message>
    <message>
        <source>%1 ms (%2 to %3)</source>
        <translation>%1 мс (от %2 до %3)</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>%1 recomputed %2 of a forward pass a step.</source>
        <translation>%1 пересчитывает %2 прямого прохода за шаг.</translation>
    </message>
    <message>
        <source>%1 spent %2 a step copying to and from host memory.</source>
        <translation>%1 тратит %2 за шаг на копирование в память хоста и обратно.</translation>
    </message>
    <message>
        <source>At %1: %2</source>
        <translation>При %1: %2</translation>
    </message>
    <message>
        <source>Run the demo: the %1 of each run appears here, measured.</source>
        <translation>Запустите демо: здесь появится измеренное значение каждого запуска (%1).</translation>
    </message>
</context>
<context>
    <name>ClusterPanel</name>
    <message>
        <source>Many GPUs: memory per rank</source>
        <translation>Много GPU: память на ранг</translation>
    </message>
    <message>
        <source>The model above trained on a cluster: data, tensor, sequence and pipeline parallelism (1F1B) with ZeRO sharding. Every figure is predicted, per GPU; communication buffers and one op&apos;s temporaries are left out.</source>
        <translation>Модель выше, обучаемая на кластере: параллелизм по данным, тензорный, последовательностный и конвейерный (1F1B) с шардированием ZeRO. Каждое число предсказано, на один GPU; буферы коммуникаций и временные тензоры одной операции не учтены.</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>GPU на узел</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Узлы</translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation>Параллелизм по данным</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>Тензорный параллелизм</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>Последовательностный параллелизм</translation>
    </message>
    <message>
        <source>Pipeline stages</source>
        <translation>Стадии конвейера</translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation>Виртуальные стадии</translation>
    </message>
    <message>
        <source>Micro-batches</source>
        <translation>Микробатчи</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>0: nothing sharded</source>
        <translation>0: ничего не шардируется</translation>
    </message>
    <message>
        <source>1: optimizer state</source>
        <translation>1: состояние оптимизатора</translation>
    </message>
    <message>
        <source>2: + gradients</source>
        <translation>2: + градиенты</translation>
    </message>
    <message>
        <source>3: + parameters (FSDP)</source>
        <translation>3: + параметры (FSDP)</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>Политика</translation>
    </message>
    <message>
        <source>Copy config</source>
        <translation>Копировать конфигурацию</translation>
    </message>
    <message>
        <source>Data parallel × tensor parallel × pipeline stages is %1 GPUs, but nodes × GPUs per node is %2: make them equal.</source>
        <translation>Параллелизм по данным × тензорный параллелизм × стадии конвейера = %1 GPU, а узлы × GPU на узел = %2: сделайте их равными.</translation>
    </message>
    <message>
        <source>Tensor parallel %1 is more than the %2 GPUs of one node: its all-reduces would cross nodes, so keep it within one.</source>
        <translation>Тензорный параллелизм %1 больше, чем %2 GPU одного узла: его all-reduce шли бы между узлами, держите его в пределах одного узла.</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>помещается</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>не помещается</translation>
    </message>
    <message>
        <source>Predicted with %1: pipeline rank %2 peaks at %3 GiB a GPU, which %4 the %5 GiB budget.</source>
        <translation>Предсказано для %1: пик у ранга конвейера %2, %3 ГиБ на GPU, что %4 в бюджет %5 ГиБ.</translation>
    </message>
    <message numerus="yes">
        <source>With one pipeline stage every rank holds the same: %n micro-batch(es) of activations at a time.</source>
        <translation>
            <numerusform>С одной стадией конвейера каждый ранг хранит одно и то же: одновременно в обработке %n микробатч.</numerusform>
            <numerusform>С одной стадией конвейера каждый ранг хранит одно и то же: одновременно в обработке %n микробатча.</numerusform>
            <numerusform>С одной стадией конвейера каждый ранг хранит одно и то же: одновременно в обработке %n микробатчей.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The last stage peaks: the output layer and the loss keep their tensors for a micro-batch, more than the first stage&apos;s %n micro-batch(es) in flight.</source>
        <translation>
            <numerusform>Пик у последней стадии: выходной слой и функция потерь хранят свои тензоры для микробатча, и это больше, чем %n микробатч в обработке у первой стадии.</numerusform>
            <numerusform>Пик у последней стадии: выходной слой и функция потерь хранят свои тензоры для микробатча, и это больше, чем %n микробатча в обработке у первой стадии.</numerusform>
            <numerusform>Пик у последней стадии: выходной слой и функция потерь хранят свои тензоры для микробатча, и это больше, чем %n микробатчей в обработке у первой стадии.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The first stage peaks: under 1F1B it holds %n micro-batch(es) of its layers in flight, the most of any stage.</source>
        <translation>
            <numerusform>Пик у первой стадии: при 1F1B она держит в обработке %n микробатч своих слоёв, больше любой другой стадии.</numerusform>
            <numerusform>Пик у первой стадии: при 1F1B она держит в обработке %n микробатча своих слоёв, больше любой другой стадии.</numerusform>
            <numerusform>Пик у первой стадии: при 1F1B она держит в обработке %n микробатчей своих слоёв, больше любой другой стадии.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>This stage holds %n micro-batch(es) of its layers in flight.</source>
        <translation>
            <numerusform>Эта стадия держит в обработке %n микробатч своих слоёв.</numerusform>
            <numerusform>Эта стадия держит в обработке %n микробатча своих слоёв.</numerusform>
            <numerusform>Эта стадия держит в обработке %n микробатчей своих слоёв.</numerusform>
        </translation>
    </message>
    <message>
        <source>cheapest that fits</source>
        <translation>самая дешёвая из помещающихся</translation>
    </message>
    <message>
        <source>%1 (does not fit)</source>
        <translation>%1 (не помещается)</translation>
    </message>
    <message>
        <source>No policy could be planned.</source>
        <translation>Ни одну политику не удалось спланировать.</translation>
    </message>
    <message>
        <source>Configs: no plan while the fields above cannot be planned.</source>
        <translation>Конфигурации: плана нет, пока поля выше нельзя спланировать.</translation>
    </message>
    <message>
        <source>No policy fits this budget on this cluster.</source>
        <translation>Ни одна политика не помещается в этот бюджет на этом кластере.</translation>
    </message>
    <message>
        <source>Predicted memory a GPU, GiB, by pipeline rank (%1)</source>
        <translation>Предсказанная память на GPU, ГиБ, по рангам конвейера (%1)</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Параметры</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>Градиенты</translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation>Состояние оптимизатора</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>Активации</translation>
    </message>
    <message>
        <source>Recompute workspace</source>
        <translation>Рабочий буфер пересчёта</translation>
    </message>
    <message>
        <source>rank %1 (peak)</source>
        <translation>ранг %1 (пик)</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>ранг %1</translation>
    </message>
    <message>
        <source>GiB, predicted</source>
        <translation>ГиБ, предсказано</translation>
    </message>
    <message>
        <source>Configs for %1 on this cluster (the plan above, predicted). Each says what it needs in its first lines.</source>
        <translation>Конфигурации для %1 на этом кластере (план выше, предсказанный). В первых строках каждой сказано, что ей нужно.</translation>
    </message>
    <message>
        <source>Megatron-LM</source>
        <translation>Megatron-LM</translation>
    </message>
    <message>
        <source>DeepSpeed</source>
        <translation>DeepSpeed</translation>
    </message>
    <message>
        <source>PyTorch (FSDP2)</source>
        <translation>PyTorch (FSDP2)</translation>
    </message>
    <message>
        <source>Needs %1.</source>
        <translation>Нужно: %1.</translation>
    </message>
    <message>
        <source>budget a GPU</source>
        <translation>бюджет на GPU</translation>
    </message>
</context>
<context>
    <name>ContentLibrary</name>
    <message>
        <source>%1 has no quizzes folder; a quiz pack is a folder holding quizzes/, guides/ and demos/.</source>
        <translation>В %1 нет папки quizzes; пакет тестов — это папка с quizzes/, guides/ и demos/.</translation>
    </message>
    <message>
        <source>%1 is neither a folder nor a pack archive; a quiz pack is a folder holding quizzes/, guides/ and demos/, or a .zip, .tar, .tar.gz or .tgz file of one.</source>
        <translation>%1 — не папка и не архив пакета; пакет тестов — это папка с quizzes/, guides/ и demos/ или её архив .zip, .tar, .tar.gz или .tgz.</translation>
    </message>
</context>
<context>
    <name>ContentText</name>
    <message>
        <source>Not translated yet: shown in English.</source>
        <translation>Ещё не переведено: показано на английском.</translation>
    </message>
    <message>
        <source>%1, question %2</source>
        <translation>«%1», вопрос %2</translation>
    </message>
    <message>
        <source>See also: %1</source>
        <translation>См. также: %1</translation>
    </message>
</context>
<context>
    <name>DemoClaims</name>
    <message>
        <source>peak activation memory</source>
        <translation>пиковая память активаций</translation>
    </message>
    <message>
        <source>peak total memory</source>
        <translation>пиковая память, всего</translation>
    </message>
    <message>
        <source>recompute FLOPs</source>
        <translation>FLOP пересчёта</translation>
    </message>
    <message>
        <source>recompute FLOPs as a share of the forward pass</source>
        <translation>доля FLOP пересчёта от прямого прохода</translation>
    </message>
    <message>
        <source>step time</source>
        <translation>время шага</translation>
    </message>
    <message>
        <source>gradient error relative to the largest gradient</source>
        <translation>ошибка градиентов относительно наибольшего градиента</translation>
    </message>
    <message>
        <source>loss difference from none</source>
        <translation>отличие потерь от none</translation>
    </message>
    <message>
        <source>copy time to and from the host</source>
        <translation>время копирования на хост и обратно</translation>
    </message>
    <message>
        <source>%1 MFLOP</source>
        <translation>%1 МФЛОП</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>%1 ms [%2, %3]</source>
        <translation>%1 мс [%2, %3]</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 мс</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 МиБ</translation>
    </message>
    <message>
        <source>%1 of %2 below %3%4</source>
        <translation>%1 у %2 ниже, чем %3%4</translation>
    </message>
    <message>
        <source>%1 of %2 above %3%4</source>
        <translation>%1 у %2 выше, чем %3%4</translation>
    </message>
    <message>
        <source>%1 of %2 equal to %3</source>
        <translation>%1 у %2 — как у %3</translation>
    </message>
    <message>
        <source>%1 of %2 at most %3</source>
        <translation>%1 у %2 не больше %3</translation>
    </message>
    <message>
        <source>%1 of %2 at least %3</source>
        <translation>%1 у %2 не меньше %3</translation>
    </message>
    <message>
        <source>%1 of %2 grows as %3^%4</source>
        <translation>%1 у %2 растёт как (%3)^%4</translation>
    </message>
    <message>
        <source>%1 of %2 within its budget</source>
        <translation>%1 у %2 укладывается в бюджет</translation>
    </message>
    <message>
        <source>%1 of %2 as the predictor said</source>
        <translation>%1 у %2 совпадает с предсказанием</translation>
    </message>
    <message>
        <source> (at %1 = %2)</source>
        <translation> (при «%1» = %2)</translation>
    </message>
    <message>
        <source>%1: time %2%, counted FLOPs %3%</source>
        <translation>%1: время %2%, подсчитанные FLOP %3%</translation>
    </message>
    <message>
        <source>budget</source>
        <translation>бюджет</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>предсказано</translation>
    </message>
    <message>
        <source>fitted exponent %1</source>
        <translation>подобранный показатель степени %1</translation>
    </message>
    <message>
        <source>Holds in this run:</source>
        <translation>Верно в этом запуске:</translation>
    </message>
    <message>
        <source>Does not hold at these sizes:</source>
        <translation>Не выполняется при этих размерах:</translation>
    </message>
    <message>
        <source>Same within noise:</source>
        <translation>Одинаково в пределах шума:</translation>
    </message>
    <message>
        <source>%1× [%2, %3] (paired steps)</source>
        <translation>%1× [%2, %3] (парные шаги)</translation>
    </message>
    <message>
        <source>%1: %2 MiB a step, copied in %3 ms (measured); over PCIe 4.0 x16 at about 25 GB/s, %4 ms (predicted)</source>
        <translation>%1: %2 МиБ за шаг, скопировано за %3 мс (измерено); по PCIe 4.0 x16 примерно при 25 ГБ/с — %4 мс (предсказано)</translation>
    </message>
    <message>
        <source>%1: time the same within noise, counted FLOPs %2%</source>
        <translation>%1: время одинаково в пределах шума, подсчитанные FLOP %2%</translation>
    </message>
    <message>
        <source>%1 of %2 hold</source>
        <translation>верны %1 из %2</translation>
    </message>
    <message>
        <source>same within noise: %1</source>
        <translation>одинаково в пределах шума: %1</translation>
    </message>
    <message>
        <source>do not hold at these sizes: %1</source>
        <translation>неверны при этих размерах: %1</translation>
    </message>
    <message>
        <source>What this run shows: %1</source>
        <translation>Что показал этот запуск: %1</translation>
    </message>
    <message>
        <source>budget %1</source>
        <translation>бюджет %1</translation>
    </message>
    <message>
        <source>%1 of every budget run within its budget</source>
        <translation>%1 каждого бюджетного запуска в пределах его бюджета</translation>
    </message>
    <message>
        <source>%1 falls as the budget grows</source>
        <translation>%1 падает с ростом бюджета</translation>
    </message>
    <message>
        <source>%1: no named policy below the budget frontier</source>
        <translation>%1: ни одна именованная политика не ниже границы бюджетных запусков</translation>
    </message>
    <message>
        <source>%1 of %2 not below the budget frontier</source>
        <translation>%1 у %2 не ниже границы бюджетных запусков</translation>
    </message>
    <message>
        <source>%1 + offload</source>
        <translation>%1 + offload</translation>
    </message>
</context>
<context>
    <name>DemoEstimate</name>
    <message>
        <source>About %1 s (an estimate: the predicted FLOPs at the speed this machine measured in earlier runs).</source>
        <translation>Около %1 с (оценка: предсказанные FLOP при скорости, которую этот компьютер показал в прошлых запусках).</translation>
    </message>
    <message>
        <source>This run takes about %1 s at these sizes. Press Run again to start it, or choose smaller sizes.</source>
        <translation>При этих размерах запуск займёт около %1 с. Нажмите «Запустить» ещё раз, чтобы начать, или выберите размеры поменьше.</translation>
    </message>
    <message>
        <source>This machine is busy: the run had %1% of its processor time, so its times are longer and noisier.</source>
        <translation>Компьютер загружен: запуску досталось %1% процессорного времени, поэтому его времена больше и с большим разбросом.</translation>
    </message>
</context>
<context>
    <name>DemoExport</name>
    <message>
        <source>Could not write %1: %2</source>
        <translation>Не удалось записать %1: %2</translation>
    </message>
    <message>
        <source>Choose a file name ending in .csv, .json, .trace.json or .pickle.</source>
        <translation>Выберите имя файла с окончанием .csv, .json, .trace.json или .pickle.</translation>
    </message>
</context>
<context>
    <name>DemoLedger</name>
    <message>
        <source>LayerNorm 1 input</source>
        <translation>вход LayerNorm 1</translation>
    </message>
    <message>
        <source>QKV matmul input</source>
        <translation>вход матричного умножения QKV</translation>
    </message>
    <message>
        <source>Q and K for QK^T (4sbh), V for attention over values (2sbh)</source>
        <translation>Q и K для QK^T (4sbh), V для внимания по значениям (2sbh)</translation>
    </message>
    <message>
        <source>softmax output</source>
        <translation>выход softmax</translation>
    </message>
    <message>
        <source>softmax dropout mask</source>
        <translation>маска dropout после softmax</translation>
    </message>
    <message>
        <source>softmax dropout output (attention over values input)</source>
        <translation>выход dropout после softmax (вход внимания по значениям)</translation>
    </message>
    <message>
        <source>linear projection input</source>
        <translation>вход линейной проекции</translation>
    </message>
    <message>
        <source>attention dropout mask</source>
        <translation>маска dropout внимания</translation>
    </message>
    <message>
        <source>LayerNorm 2 input</source>
        <translation>вход LayerNorm 2</translation>
    </message>
    <message>
        <source>fc1 input</source>
        <translation>вход fc1</translation>
    </message>
    <message>
        <source>GeLU input</source>
        <translation>вход GeLU</translation>
    </message>
    <message>
        <source>fc2 input</source>
        <translation>вход fc2</translation>
    </message>
    <message>
        <source>MLP dropout mask</source>
        <translation>маска dropout MLP</translation>
    </message>
    <message>
        <source>block input: the residual stream (LayerNorm 1 input)</source>
        <translation>вход блока: остаточный поток (вход LayerNorm 1)</translation>
    </message>
    <message>
        <source>block input: the embedding&apos;s output (LayerNorm 1 input)</source>
        <translation>вход блока: выход эмбеддинга (вход LayerNorm 1)</translation>
    </message>
    <message>
        <source>LayerNorm 1 output (QKV input)</source>
        <translation>выход LayerNorm 1 (вход QKV)</translation>
    </message>
    <message>
        <source>queries, keys and values</source>
        <translation>запросы, ключи и значения</translation>
    </message>
    <message>
        <source>attention probabilities (softmax output)</source>
        <translation>вероятности внимания (выход softmax)</translation>
    </message>
    <message>
        <source>attention probabilities after dropout</source>
        <translation>вероятности внимания после dropout</translation>
    </message>
    <message>
        <source>attention output, heads merged (projection input)</source>
        <translation>выход внимания, головы объединены (вход проекции)</translation>
    </message>
    <message>
        <source>residual stream after attention (LayerNorm 2 input)</source>
        <translation>остаточный поток после внимания (вход LayerNorm 2)</translation>
    </message>
    <message>
        <source>LayerNorm 2 output (fc1 input)</source>
        <translation>выход LayerNorm 2 (вход fc1)</translation>
    </message>
    <message>
        <source>fc1 output (GELU input)</source>
        <translation>выход fc1 (вход GELU)</translation>
    </message>
    <message>
        <source>GELU output (fc2 input)</source>
        <translation>выход GELU (вход fc2)</translation>
    </message>
    <message>
        <source>attention output dropout mask</source>
        <translation>маска dropout выхода внимания</translation>
    </message>
    <message>
        <source>MLP output dropout mask</source>
        <translation>маска dropout выхода MLP</translation>
    </message>
    <message>
        <source>LayerNorm 1 mean and rstd per row</source>
        <translation>среднее и rstd LayerNorm 1 по строкам</translation>
    </message>
    <message>
        <source>LayerNorm 2 mean and rstd per row</source>
        <translation>среднее и rstd LayerNorm 2 по строкам</translation>
    </message>
    <message>
        <source>the last block&apos;s output (final LayerNorm input)</source>
        <translation>выход последнего блока (вход финального LayerNorm)</translation>
    </message>
    <message>
        <source>final LayerNorm output (head input)</source>
        <translation>выход финального LayerNorm (вход головы модели)</translation>
    </message>
    <message>
        <source>final LayerNorm mean and rstd per row</source>
        <translation>среднее и rstd финального LayerNorm по строкам</translation>
    </message>
    <message>
        <source>softmax probabilities over the vocabulary</source>
        <translation>вероятности softmax по словарю</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 МиБ</translation>
    </message>
    <message>
        <source>LayerNorm statistics (mean, rstd; not in the paper)</source>
        <translation>статистики LayerNorm (среднее, rstd; в статье их нет)</translation>
    </message>
    <message>
        <source>rebuilt for backward (recompute workspace)</source>
        <translation>восстановлено для обратного прохода (рабочий буфер пересчёта)</translation>
    </message>
    <message>
        <source>head and loss (outside the per-layer formula)</source>
        <translation>голова модели и функция потерь (вне формулы на слой)</translation>
    </message>
    <message>
        <source>%1, widened to fp32 for backward</source>
        <translation>%1, расширено до fp32 для обратного прохода</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>хранится</translation>
    </message>
    <message>
        <source>recomputed</source>
        <translation>пересчитывается</translation>
    </message>
    <message>
        <source>offloaded</source>
        <translation>выгружено</translation>
    </message>
    <message>
        <source>widened</source>
        <translation>расширено</translation>
    </message>
    <message>
        <source>The paper per layer (predicted, 16-bit values, 1-byte masks): %1 = %2 = %3 bytes; × %4 layers = %5.</source>
        <translation>Статья, на слой (предсказано, 16-битные значения, маски по 1 байту): %1 = %2 = %3 байт; × число слоёв %4 = %5.</translation>
    </message>
    <message>
        <source>The paper counts this plan&apos;s kept tensors as %1 over %2 layers (predicted, 16-bit values, 1-byte masks).</source>
        <translation>Статья насчитывает в тензорах, которые хранит этот план, %1 при числе слоёв %2 (предсказано, 16-битные значения, маски по 1 байту).</translation>
    </message>
    <message>
        <source>Measured here: the blocks keep %1 (fp32 values, masks regenerated, LayerNorm statistics kept).</source>
        <translation>Измерено здесь: блоки хранят %1 (значения fp32, маски генерируются заново, статистики LayerNorm хранятся).</translation>
    </message>
    <message>
        <source>the peak (predicted)</source>
        <translation>пик (предсказано)</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>блок %1</translation>
    </message>
    <message>
        <source>the head</source>
        <translation>голова модели</translation>
    </message>
    <message>
        <source>%1 of %2, op %3 (measured)</source>
        <translation>%1, %2, операция %3 (измерено)</translation>
    </message>
    <message>
        <source>offload what this policy keeps to host memory</source>
        <translation>выгружать то, что хранит эта политика, в память хоста</translation>
    </message>
    <message>
        <source>keep only the matmul outputs: recompute attention probabilities, LayerNorm and GELU in backward</source>
        <translation>хранить только выходы матричных умножений: пересчитывать вероятности внимания, LayerNorm и GELU в обратном проходе</translation>
    </message>
    <message>
        <source>recompute segments of blocks of the length that keeps least</source>
        <translation>пересчитывать сегменты блоков той длины, при которой хранится меньше всего</translation>
    </message>
    <message>
        <source>keep only each block&apos;s input and recompute the block</source>
        <translation>хранить только вход каждого блока и пересчитывать блок</translation>
    </message>
    <message>
        <source>attention RMSNorm input</source>
        <translation>вход RMSNorm внимания</translation>
    </message>
    <message>
        <source>wq, wk and wv input</source>
        <translation>вход wq, wk и wv</translation>
    </message>
    <message>
        <source>Q and K for QK^T, V for attention over values (k = G*dh, the key/value width)</source>
        <translation>Q и K для QK^T, V для внимания по значениям (k = G*dh, ширина ключей и значений)</translation>
    </message>
    <message>
        <source>wo input</source>
        <translation>вход wo</translation>
    </message>
    <message>
        <source>MLP RMSNorm input</source>
        <translation>вход RMSNorm MLP</translation>
    </message>
    <message>
        <source>w1 and w3 input</source>
        <translation>вход w1 и w3</translation>
    </message>
    <message>
        <source>SwiGLU inputs</source>
        <translation>входы SwiGLU</translation>
    </message>
    <message>
        <source>w2 input</source>
        <translation>вход w2</translation>
    </message>
    <message>
        <source>block input: the embedding&apos;s output (attention RMSNorm input)</source>
        <translation>вход блока: выход эмбеддинга (вход RMSNorm внимания)</translation>
    </message>
    <message>
        <source>block input: the previous block&apos;s output (attention RMSNorm input)</source>
        <translation>вход блока: выход предыдущего блока (вход RMSNorm внимания)</translation>
    </message>
    <message>
        <source>attention RMSNorm output (wq, wk and wv input)</source>
        <translation>выход RMSNorm внимания (вход wq, wk и wv)</translation>
    </message>
    <message>
        <source>attention RMSNorm rstd per row</source>
        <translation>rstd RMSNorm внимания по строкам</translation>
    </message>
    <message>
        <source>queries, keys and values, q and k rotated (rotary positions)</source>
        <translation>запросы, ключи и значения; q и k повёрнуты (rotary-позиции)</translation>
    </message>
    <message>
        <source>attention output, heads merged (wo input)</source>
        <translation>выход внимания, головы объединены (вход wo)</translation>
    </message>
    <message>
        <source>residual stream after attention (MLP RMSNorm input)</source>
        <translation>остаточный поток после внимания (вход RMSNorm MLP)</translation>
    </message>
    <message>
        <source>MLP RMSNorm output (w1 and w3 input)</source>
        <translation>выход RMSNorm MLP (вход w1 и w3)</translation>
    </message>
    <message>
        <source>MLP RMSNorm rstd per row</source>
        <translation>rstd RMSNorm MLP по строкам</translation>
    </message>
    <message>
        <source>w1 and w3 outputs (SwiGLU inputs)</source>
        <translation>выходы w1 и w3 (входы SwiGLU)</translation>
    </message>
    <message>
        <source>SwiGLU output, silu(w1 x) * w3 x (w2 input)</source>
        <translation>выход SwiGLU, silu(w1 x) * w3 x (вход w2)</translation>
    </message>
    <message>
        <source>the last block&apos;s output (final RMSNorm input)</source>
        <translation>выход последнего блока (вход финального RMSNorm)</translation>
    </message>
    <message>
        <source>final RMSNorm output (head input)</source>
        <translation>выход финального RMSNorm (вход головы модели)</translation>
    </message>
    <message>
        <source>final RMSNorm rstd per row</source>
        <translation>rstd финального RMSNorm по строкам</translation>
    </message>
    <message>
        <source>softmax logsumexp per row (fused attention)</source>
        <translation>logsumexp softmax по строкам (fused attention)</translation>
    </message>
    <message>
        <source>block input: the previous block&apos;s output (LayerNorm 1 input)</source>
        <translation>вход блока: выход предыдущего блока (вход LayerNorm 1)</translation>
    </message>
    <message>
        <source>block input: the residual stream (attention RMSNorm input)</source>
        <translation>вход блока: остаточный поток (вход RMSNorm внимания)</translation>
    </message>
    <message>
        <source>RMSNorm statistics (rstd; not in the paper)</source>
        <translation>статистики RMSNorm (rstd; в статье их нет)</translation>
    </message>
    <message>
        <source>Measured here: the blocks keep %1 (fp32 values, masks regenerated, RMSNorm statistics kept).</source>
        <translation>Измерено здесь: блоки хранят %1 (значения fp32, маски генерируются заново, статистики RMSNorm хранятся).</translation>
    </message>
</context>
<context>
    <name>DemoPanel</name>
    <message>
        <source>Choose sizes and press Run.</source>
        <translation>Выберите размеры и нажмите «Запустить».</translation>
    </message>
    <message>
        <source>&amp;Run demo</source>
        <translation>&amp;Запустить</translation>
    </message>
    <message>
        <source>Train the model with each policy and measure memory and time.</source>
        <translation>Обучить модель с каждой политикой и измерить память и время.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Копировать</translation>
    </message>
    <message>
        <source>Copy the results table to the clipboard as tab-separated text.</source>
        <translation>Скопировать таблицу результатов в буфер обмена как текст с табуляциями.</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Экспорт…</translation>
    </message>
    <message>
        <source>Demo progress</source>
        <translation>Ход демо</translation>
    </message>
    <message>
        <source>Device: %1</source>
        <translation>Устройство: %1</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Отменено.</translation>
    </message>
    <message>
        <source>No demo for this question.</source>
        <translation>Для этого вопроса нет демо.</translation>
    </message>
    <message>
        <source>Look for: %1</source>
        <translation>Обратите внимание: %1</translation>
    </message>
    <message>
        <source>There is no demo to run.</source>
        <translation>Нет демо для запуска.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Запуск…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Идёт отмена…</translation>
    </message>
    <message>
        <source>Results copied to the clipboard.</source>
        <translation>Результаты скопированы в буфер обмена.</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>Таблица CSV (*.csv)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export demo results</source>
        <translation>Экспорт результатов демо</translation>
    </message>
    <message>
        <source>Results saved to %1.</source>
        <translation>Результаты сохранены в %1.</translation>
    </message>
    <message>
        <source>Save the results as CSV or JSON, or each run&apos;s memory as a trace or a PyTorch memory snapshot.</source>
        <translation>Сохранить результаты в CSV или JSON либо память каждого запуска как трассу или снимок памяти PyTorch.</translation>
    </message>
    <message>
        <source>Memory trace for ui.perfetto.dev (*.trace.json)</source>
        <translation>Трасса памяти для ui.perfetto.dev (*.trace.json)</translation>
    </message>
    <message>
        <source>PyTorch memory snapshot for memory_viz (*.pickle)</source>
        <translation>Снимок памяти PyTorch для memory_viz (*.pickle)</translation>
    </message>
    <message>
        <source>Plan this for a real model…</source>
        <translation>Спланировать для настоящей модели…</translation>
    </message>
    <message>
        <source>Open the Planner: which policy fits a GPT-2-size model in your GPU&apos;s memory, and the code that does it.</source>
        <translation>Открыть планировщик: какая политика помещает модель размером с GPT-2 в память вашего GPU и каким кодом это сделать.</translation>
    </message>
    <message>
        <source>Your earlier run of this demo; press Run to measure again.</source>
        <translation>Ваш прошлый запуск этого демо; нажмите «Запустить», чтобы измерить снова.</translation>
    </message>
    <message>
        <source>Run the demo, then answer: what will the numbers show?</source>
        <translation>Запустите демо, затем ответьте: что покажут числа?</translation>
    </message>
    <message>
        <source>What to look for appears once you have answered.</source>
        <translation>Подсказка, на что обратить внимание, появится после ответа.</translation>
    </message>
    <message>
        <source>Fold the claims to one line</source>
        <translation>Свернуть утверждения в одну строку</translation>
    </message>
    <message>
        <source>Show each claim with its figures</source>
        <translation>Показать каждое утверждение с его числами</translation>
    </message>
    <message>
        <source>This question has no demo.</source>
        <translation>У этого вопроса нет демо.</translation>
    </message>
    <message>
        <source>%p% · about %1 s left (estimate)</source>
        <translation>%p% · осталось около %1 с (оценка)</translation>
    </message>
    <message>
        <source>%p% · finishing</source>
        <translation>%p% · завершается</translation>
    </message>
    <message>
        <source>① Predict</source>
        <translation>① Предскажите</translation>
    </message>
    <message>
        <source>② Run the demo</source>
        <translation>② Запустите демо</translation>
    </message>
    <message>
        <source>① Run the demo</source>
        <translation>① Запустите демо</translation>
    </message>
    <message>
        <source>③ What it measured</source>
        <translation>③ Что измерено</translation>
    </message>
    <message>
        <source>② What it measured</source>
        <translation>② Что измерено</translation>
    </message>
    <message>
        <source>Running: the figures appear here when it finishes.</source>
        <translation>Идёт запуск: цифры появятся здесь, когда он закончится.</translation>
    </message>
    <message>
        <source>E&amp;xplore this run…</source>
        <translation>Зап&amp;уск подробно…</translation>
    </message>
    <message>
        <source>Every table and chart of this run, the sizes and what it shows (E).</source>
        <translation>Все таблицы и графики этого запуска, его размеры и что он показывает (E).</translation>
    </message>
    <message>
        <source>◀ Back to the question</source>
        <translation>◀ К вопросу</translation>
    </message>
    <message>
        <source>Back to the question, where you left it (Esc).</source>
        <translation>Назад к вопросу, туда, где вы остановились (Esc).</translation>
    </message>
    <message>
        <source>Run again</source>
        <translation>Запустить ещё раз</translation>
    </message>
    <message>
        <source>The answer&apos;s figures</source>
        <translation>Цифры ответа</translation>
    </message>
    <message>
        <source>Run names that would give the answer away are hidden until you answer.</source>
        <translation>Названия запусков, которые выдали бы ответ, скрыты, пока вы не ответите.</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>запуск %1</translation>
    </message>
    <message>
        <source>Answer first: the explore page names every run, and a name here gives the answer away.</source>
        <translation>Сначала ответьте: на странице «Запуск подробно» названы все запуски, а здесь название выдаёт ответ.</translation>
    </message>
    <message>
        <source>%1 Measured again: your run of this demo from last time, at its sizes (figures are not kept between sessions).</source>
        <translation>%1 Измерено заново: ваш прошлый запуск этого демо, с его размерами (цифры между сеансами не хранятся).</translation>
    </message>
</context>
<context>
    <name>DemoResultsModel</name>
    <message>
        <source>Policy: %1</source>
        <translation>Политика: %1</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>от %1 до %2</translation>
    </message>
    <message>
        <source>%1 MiB in %2 ms</source>
        <translation>%1 МиБ за %2 мс</translation>
    </message>
    <message>
        <source>not comparable</source>
        <translation>несравнимо</translation>
    </message>
    <message>
        <source>Measured: the highest number of bytes of this kind the engine&apos;s allocator held at once.</source>
        <translation>Измерено: наибольшее число байтов этого вида, которое аллокатор движка держал одновременно.</translation>
    </message>
    <message>
        <source>The run&apos;s recomputation policy and settings.</source>
        <translation>Политика пересчёта и настройки запуска.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Запуск</translation>
    </message>
    <message>
        <source>Measured: the highest number of bytes the engine held on the device at once, all kinds together.</source>
        <translation>Измерено: наибольшее число байтов, которое движок держал на устройстве одновременно, всех видов вместе.</translation>
    </message>
    <message>
        <source>Peak total
MiB, measured</source>
        <translation>Пик, всего
МиБ, измерено</translation>
    </message>
    <message>
        <source>%1
MiB, measured</source>
        <translation>%1
МиБ, измерено</translation>
    </message>
    <message>
        <source>Measured: checkpoints held in host memory instead of on the device.</source>
        <translation>Измерено: контрольные точки, хранимые в памяти хоста, а не на устройстве.</translation>
    </message>
    <message>
        <source>Measured: the peak of saved activations plus recompute workspace.</source>
        <translation>Измерено: пик сохранённых активаций вместе с буфером пересчёта.</translation>
    </message>
    <message>
        <source>Peak activations
MiB, measured</source>
        <translation>Пик активаций
МиБ, измерено</translation>
    </message>
    <message>
        <source>Predicted: the analytic model&apos;s peak of saved activations plus recompute workspace, computed before running.</source>
        <translation>Предсказано: пик сохранённых активаций и буфера пересчёта по аналитической модели, до запуска.</translation>
    </message>
    <message>
        <source>Peak activations
MiB, predicted</source>
        <translation>Пик активаций
МиБ, предсказано</translation>
    </message>
    <message>
        <source>Measured: median wall-clock time of a training step, warm-up step excluded.</source>
        <translation>Измерено: медианное время шага обучения, без разогревочного шага.</translation>
    </message>
    <message>
        <source>Step ms, median
measured</source>
        <translation>Шаг, мс, медиана
измерено</translation>
    </message>
    <message>
        <source>Measured: floating-point operations of one forward pass, counted by the engine for every op it ran.</source>
        <translation>Измерено: операции с плавающей точкой одного прямого прохода, подсчитанные движком для каждой выполненной операции.</translation>
    </message>
    <message>
        <source>Forward
GFLOP, measured</source>
        <translation>Прямой проход
ГФЛОП, измерено</translation>
    </message>
    <message>
        <source>Measured: floating-point operations spent recomputing activations in one step, counted by the engine for every op it reran.</source>
        <translation>Измерено: операции с плавающей точкой, затраченные на пересчёт активаций за шаг, подсчитанные движком для каждой повторённой операции.</translation>
    </message>
    <message>
        <source>Recompute
GFLOP, measured</source>
        <translation>Пересчёт
ГФЛОП, измерено</translation>
    </message>
    <message>
        <source>Measured: bytes copied to and from host memory per step and the time the copies took.</source>
        <translation>Измерено: байты, скопированные в память хоста и обратно за шаг, и время копирования.</translation>
    </message>
    <message>
        <source>Offload per step
measured</source>
        <translation>Выгрузка за шаг
измерено</translation>
    </message>
    <message>
        <source>Measured: training loss after the last step.</source>
        <translation>Измерено: потери на обучении после последнего шага.</translation>
    </message>
    <message>
        <source>Final loss
measured</source>
        <translation>Итоговые потери
измерено</translation>
    </message>
    <message>
        <source>Where the run was measured.</source>
        <translation>Где был измерен запуск.</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Устройство</translation>
    </message>
    <message>
        <source>Step ms, 95% interval
measured</source>
        <translation>Шаг, мс, 95% интервал
измерено</translation>
    </message>
    <message>
        <source>Measured: the largest difference between this run&apos;s first-step gradients and those of the `none` run, element by element, relative to the largest gradient. Zero means recomputation reproduced the exact gradients.</source>
        <translation>Измерено: наибольшая поэлементная разница между градиентами первого шага этого запуска и запуска `none`, делённая на наибольший градиент. Ноль означает, что пересчёт воспроизвёл градиенты в точности.</translation>
    </message>
    <message>
        <source>Gradient error
relative, measured</source>
        <translation>Ошибка градиентов
относительная, измерено</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 мс</translation>
    </message>
    <message>
        <source>Predicted, not measured: the time the same bytes would take over PCIe 4.0 x16 between a typical GPU and pinned host memory, at about 25 GB/s per direction (32 GB/s raw less protocol overhead; NVIDIA&apos;s bandwidthTest reports 24-26 GB/s on such hosts). On the CPU the copies stay within RAM.</source>
        <translation>Предсказано, не измерено: сколько времени заняла бы передача тех же байтов по PCIe 4.0 x16 между типичным GPU и закреплённой памятью хоста, примерно 25 ГБ/с в каждую сторону (32 ГБ/с номинально за вычетом накладных расходов протокола; bandwidthTest от NVIDIA показывает 24-26 ГБ/с на таких машинах). На CPU копии остаются в оперативной памяти.</translation>
    </message>
    <message>
        <source>Same bytes over PCIe
predicted</source>
        <translation>Те же байты по PCIe
предсказано</translation>
    </message>
    <message>
        <source>%1% of none</source>
        <translation>%1% от none</translation>
    </message>
    <message>
        <source>%1% vs none</source>
        <translation>%1% относительно none</translation>
    </message>
    <message>
        <source>+%1% of none&apos;s forward</source>
        <translation>+%1% прямого прохода none</translation>
    </message>
    <message>
        <source>%1
In brackets: compared with the plain `none` run at the same sizes.</source>
        <translation>%1
В скобках: сравнение с обычным запуском none при тех же размерах.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>same as none within noise</source>
        <translation>как у none в пределах шума</translation>
    </message>
    <message numerus="yes">
        <source>%1
This run&apos;s rounds alone: %2 to %3 ms. This machine&apos;s speed wandered by %4% (standard deviation) over its last %n timed run(s).</source>
        <translation>
            <numerusform>%1
Только раунды этого запуска: от %2 до %3 мс. Скорость этой машины колебалась на %4% (стандартное отклонение) за её последний %n запуск с замером времени.</numerusform>
            <numerusform>%1
Только раунды этого запуска: от %2 до %3 мс. Скорость этой машины колебалась на %4% (стандартное отклонение) за её последние %n запуска с замером времени.</numerusform>
            <numerusform>%1
Только раунды этого запуска: от %2 до %3 мс. Скорость этой машины колебалась на %4% (стандартное отклонение) за её последние %n запусков с замером времени.</numerusform>
        </translation>
    </message>
    <message>
        <source>Measured: the 95% confidence interval of the median step time, from this run&apos;s timing rounds, widened by how much this machine&apos;s speed has wandered between its recent runs (a small fixed training timed in every run), so that running the demo again lands inside it. The comparison with none beside the median pairs each step with none&apos;s step of the same number, taken one after the other, which the wander does not move; it tells smaller differences apart than these intervals do, and where it finds none, it says the same within noise.</source>
        <translation>Измерено: 95-процентный доверительный интервал медианы времени шага по раундам замеров этого запуска, расширенный на величину, на которую скорость этой машины менялась между её недавними запусками (в каждом запуске замеряется небольшое эталонное обучение), чтобы повторный запуск демо попадал в этот интервал. Сравнение с none рядом с медианой ставит каждый шаг в пару с шагом none с тем же номером, выполненным сразу до или после него, поэтому колебания скорости на сравнение не влияют; оно улавливает различия меньше, чем позволяют эти интервалы, а если различия нет, в нём указано «одинаково в пределах шума».</translation>
    </message>
    <message>
        <source>%1
Not widened yet: this machine has no other timed run in the last ten minutes, so how much its speed wanders between runs is not measured yet; the next run&apos;s interval will include it.</source>
        <translation>%1
Ещё не расширен: у этой машины нет других запусков с замером времени за последние десять минут, поэтому насколько её скорость колеблется между запусками, ещё не измерено; интервал следующего запуска это учтёт.</translation>
    </message>
</context>
<context>
    <name>DemoResultsView</name>
    <message>
        <source>Demo results</source>
        <translation>Результаты демо</translation>
    </message>
    <message>
        <source>Run:</source>
        <translation>Запуск:</translation>
    </message>
    <message>
        <source>Run shown in the timeline</source>
        <translation>Запуск, показанный на хронологии</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Таблица</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Память</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Время шага</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Хронология</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>По размерам</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Потери</translation>
    </message>
    <message>
        <source>More columns</source>
        <translation>Ещё столбцы</translation>
    </message>
    <message>
        <source>Also show the parameters, gradients and temporaries, the step time&apos;s interval, the PCIe estimate and the device.</source>
        <translation>Показать также параметры, градиенты и временные буферы, интервал времени шага, оценку для PCIe и устройство.</translation>
    </message>
    <message>
        <source>How to read it: one group of bars per run, one bar per kind of memory, each at the step&apos;s peak; a lower bar kept less.</source>
        <translation>Как читать: группа столбцов на каждый запуск, по столбцу на каждый вид памяти, на пике шага; чем ниже столбец, тем меньше хранилось.</translation>
    </message>
    <message>
        <source>How to read it: one group per run; a taller bar took longer a step. Bars whose intervals overlap none&apos;s are the same within noise.</source>
        <translation>Как читать: группа на каждый запуск; чем выше столбец, тем дольше шаг. Столбцы, чьи интервалы перекрываются с интервалом none, одинаковы в пределах шума.</translation>
    </message>
    <message>
        <source>How to read it: one training step from left to right, forward, then recompute and backward; up is the memory alive after each op. Dashed: the other runs, lined up phase by phase.</source>
        <translation>Как читать: один шаг обучения слева направо — прямой проход, затем пересчёт и обратный проход; вверх — память, занятая после каждой операции. Пунктир — другие запуски, выровненные по фазам.</translation>
    </message>
    <message>
        <source>How to read it: one line per policy as the size grows; on log-log axes a steeper line grows faster, and its slope is the exponent.</source>
        <translation>Как читать: по линии на каждую политику по мере роста размера; на логарифмических осях более крутая линия растёт быстрее, а её наклон — показатель степени.</translation>
    </message>
    <message>
        <source>How to read it: each run&apos;s loss step by step; lines on top of each other trained the same model.</source>
        <translation>Как читать: функция потерь каждого запуска шаг за шагом; совпадающие линии обучили одну и ту же модель.</translation>
    </message>
    <message>
        <source>How to read it…</source>
        <translation>Как читать…</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Реестр</translation>
    </message>
    <message>
        <source>Frontier</source>
        <translation>Граница</translation>
    </message>
</context>
<context>
    <name>DemoRunner</name>
    <message>
        <source>Every size must be at least 1.</source>
        <translation>Каждый размер должен быть не меньше 1.</translation>
    </message>
    <message>
        <source>The number of heads (%1) must divide the width (%2).</source>
        <translation>Число голов (%1) должно делить ширину (%2).</translation>
    </message>
    <message>
        <source>Tick at least one kind of activation for selective recomputation to keep.</source>
        <translation>Отметьте хотя бы один вид активаций, который будет хранить выборочный пересчёт.</translation>
    </message>
    <message numerus="yes">
        <source>CPU (Eigen, %n threads)</source>
        <translation>
            <numerusform>CPU (Eigen, %n поток)</numerusform>
            <numerusform>CPU (Eigen, %n потока)</numerusform>
            <numerusform>CPU (Eigen, %n потоков)</numerusform>
        </translation>
    </message>
    <message>
        <source>CPU (Eigen, %1 to %2 threads)</source>
        <translation>CPU (Eigen, от %1 до %2 потоков)</translation>
    </message>
    <message>
        <source>A llama run&apos;s %1 key/value heads must divide the number of heads (%2).</source>
        <translation>У запуска llama голов ключей и значений %1, а это число должно делить число голов (%2).</translation>
    </message>
    <message>
        <source>Rotary positions pair a head&apos;s dimensions, so the head size (width / heads = %1) must be even.</source>
        <translation>Rotary-позиции объединяют измерения головы в пары, поэтому размер головы (ширина / число голов = %1) должен быть чётным.</translation>
    </message>
</context>
<context>
    <name>DemoSizesForm</name>
    <message>
        <source>Model sizes</source>
        <translation>Размеры модели</translation>
    </message>
    <message>
        <source>Reset sizes</source>
        <translation>Сбросить размеры</translation>
    </message>
    <message>
        <source>Go back to the sizes this demo suggests.</source>
        <translation>Вернуть размеры, которые предлагает это демо.</translation>
    </message>
    <message>
        <source>Activations selective recomputation keeps</source>
        <translation>Активации, которые хранит выборочный пересчёт</translation>
    </message>
    <message>
        <source>Ticked kinds are stored in the forward pass; the rest are recomputed in the backward pass.</source>
        <translation>Отмеченные виды сохраняются в прямом проходе; остальные пересчитываются в обратном.</translation>
    </message>
    <message>
        <source>This demo sweeps this size; the charts show every value.</source>
        <translation>Это демо перебирает этот размер; графики показывают каждое значение.</translation>
    </message>
</context>
<context>
    <name>DemoTexts</name>
    <message>
        <source>setup</source>
        <translation>подготовка</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>прямой проход</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>пересчёт</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>обратный проход</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>оптимизатор</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Параметры</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>Градиенты</translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation>Состояние оптимизатора</translation>
    </message>
    <message>
        <source>Saved activations</source>
        <translation>Сохранённые активации</translation>
    </message>
    <message>
        <source>Recompute workspace</source>
        <translation>Буфер пересчёта</translation>
    </message>
    <message>
        <source>Temporaries</source>
        <translation>Временные буферы</translation>
    </message>
    <message>
        <source>Host offloaded</source>
        <translation>Выгружено на хост</translation>
    </message>
    <message>
        <source>The residual stream entering the block.</source>
        <translation>Остаточный поток на входе блока.</translation>
    </message>
    <message>
        <source>LayerNorm outputs: cheap to recompute.</source>
        <translation>Выходы LayerNorm: дёшевы для пересчёта.</translation>
    </message>
    <message>
        <source>The query, key and value matmul output: costly to recompute.</source>
        <translation>Выход матричного умножения для query, key и value: дорог для пересчёта.</translation>
    </message>
    <message>
        <source>Attention probabilities, batch x heads x seq x seq: large at long sequences, cheap to recompute.</source>
        <translation>Вероятности внимания, батч × головы × длина × длина: велики на длинных последовательностях, дёшевы для пересчёта.</translation>
    </message>
    <message>
        <source>Attention probabilities after dropout (when dropout is on).</source>
        <translation>Вероятности внимания после dropout (когда dropout включён).</translation>
    </message>
    <message>
        <source>Attention applied to the values: a matmul output.</source>
        <translation>Внимание, применённое к значениям: выход матричного умножения.</translation>
    </message>
    <message>
        <source>The residual stream after the attention half of the block.</source>
        <translation>Остаточный поток после подблока внимания (первой половины блока).</translation>
    </message>
    <message>
        <source>The first MLP matmul output, four times the width: costly to recompute.</source>
        <translation>Выход первого матричного умножения MLP, в четыре раза шире модели: дорог для пересчёта.</translation>
    </message>
    <message>
        <source>GELU output, four times the width: cheap to recompute.</source>
        <translation>Выход GELU, в четыре раза шире модели: дёшев для пересчёта.</translation>
    </message>
    <message>
        <source>Run %1 of %2 (%3): %4</source>
        <translation>Запуск %1 из %2 (%3): %4</translation>
    </message>
    <message>
        <source>Run %1 of %2 (%3): step %4 of %5, %6</source>
        <translation>Запуск %1 из %2 (%3): шаг %4 из %5, %6</translation>
    </message>
    <message numerus="yes">
        <source>Finished %n run(s) in %1 s.</source>
        <translation>
            <numerusform>Завершён %n запуск за %1 с.</numerusform>
            <numerusform>Завершено %n запуска за %1 с.</numerusform>
            <numerusform>Завершено %n запусков за %1 с.</numerusform>
        </translation>
    </message>
    <message>
        <source>The demo was cancelled.</source>
        <translation>Демо отменено.</translation>
    </message>
    <message>
        <source>The demo failed: %1</source>
        <translation>Демо завершилось с ошибкой: %1</translation>
    </message>
    <message>
        <source>Run %1 of %2 (%3): step %4, %5</source>
        <translation>Запуск %1 из %2 (%3): шаг %4, %5</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
</context>
<context>
    <name>FrontierChart</name>
    <message>
        <source>Peak activation memory against step time (both measured)</source>
        <translation>Пиковая память активаций и время шага (оба измерены)</translation>
    </message>
    <message>
        <source>Peak activation memory (measured) against recompute FLOPs (counted)</source>
        <translation>Пиковая память активаций (измерено) и FLOP пересчёта (подсчитано)</translation>
    </message>
    <message>
        <source>peak activation memory, MiB (measured)</source>
        <translation>пиковая память активаций, МиБ (измерено)</translation>
    </message>
    <message>
        <source>step time, ms (measured, 95% interval)</source>
        <translation>время шага, мс (измерено, 95%-й интервал)</translation>
    </message>
    <message>
        <source>recompute, MFLOP a step (counted)</source>
        <translation>пересчёт, МФЛОП за шаг (подсчитано)</translation>
    </message>
    <message>
        <source>frontier through the budget runs</source>
        <translation>граница через бюджетные запуски</translation>
    </message>
    <message>
        <source>budget:&lt;bytes&gt; runs</source>
        <translation>запуски budget:&lt;bytes&gt;</translation>
    </message>
</context>
<context>
    <name>FrontierView</name>
    <message>
        <source>How to read it: each point is one measured run, memory to the right, cost up; the line joins the budget runs that no run keeping less beats. A named policy above the line costs more than a budget plan that keeps as little; below it by more than its interval would beat the planner.</source>
        <translation>Как читать: каждая точка — один измеренный запуск, память вправо, затраты вверх; линия соединяет бюджетные запуски, которые не обгоняет ни один запуск, хранящий меньше. Именованная политика выше линии обходится дороже бюджетного плана, который хранит столько же; ниже неё больше чем на свой интервал она обогнала бы планировщик.</translation>
    </message>
    <message>
        <source>Cost:</source>
        <translation>Затраты:</translation>
    </message>
    <message>
        <source>step time (measured)</source>
        <translation>время шага (измерено)</translation>
    </message>
    <message>
        <source>recompute FLOPs (counted)</source>
        <translation>FLOP пересчёта (подсчитано)</translation>
    </message>
    <message>
        <source>Cost shown against memory</source>
        <translation>Затраты, показанные против памяти</translation>
    </message>
</context>
<context>
    <name>GlossaryDialog</name>
    <message>
        <source>Glossary</source>
        <translation>Глоссарий</translation>
    </message>
    <message>
        <source>English</source>
        <translation>Английский</translation>
    </message>
    <message>
        <source>What it means</source>
        <translation>Что это значит</translation>
    </message>
    <message>
        <source>How it is used (for translators, in English)</source>
        <translation>Как употребляется (для переводчиков, на английском)</translation>
    </message>
    <message>
        <source>Find a term in any language</source>
        <translation>Найти термин на любом языке</translation>
    </message>
    <message>
        <source>This content has no glossary.</source>
        <translation>В этом содержимом нет глоссария.</translation>
    </message>
</context>
<context>
    <name>GuideView</name>
    <message>
        <source>Open in the browser?</source>
        <translation>Открыть в браузере?</translation>
    </message>
    <message>
        <source>This link leads out of Recompute Lab to:

%1

Open it in your web browser?</source>
        <translation>Эта ссылка ведёт за пределы Recompute Lab:

%1

Открыть её в веб-браузере?</translation>
    </message>
</context>
<context>
    <name>LedgerChart</name>
    <message>
        <source>Activations at each run&apos;s peak, by the paper&apos;s term, MiB (measured)</source>
        <translation>Активации на пике каждого запуска по членам формулы статьи, МиБ (измерено)</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>МиБ</translation>
    </message>
</context>
<context>
    <name>LedgerView</name>
    <message>
        <source>How to read it: one bar per run, one colour per term of the paper&apos;s formula (Korthikanti et al.: 34sbh + 5as²b per layer); a colour missing from a bar is a tensor that policy recomputes instead of keeping. Below: one run&apos;s tensors, block by block.</source>
        <translation>Как читать: один столбец на запуск, один цвет на член формулы статьи (Korthikanti и соавторы: 34sbh + 5as²b на слой); цвета, которого нет в столбце, — это тензор, который политика пересчитывает вместо того, чтобы хранить. Ниже — тензоры одного запуска, блок за блоком.</translation>
    </message>
    <message>
        <source>Run:</source>
        <translation>Запуск:</translation>
    </message>
    <message>
        <source>Run shown in the ledger</source>
        <translation>Запуск, показанный в реестре</translation>
    </message>
    <message>
        <source>Term / tensor</source>
        <translation>Член формулы / тензор</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Форма</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>Точность</translation>
    </message>
    <message>
        <source>What the policy does</source>
        <translation>Что делает политика</translation>
    </message>
    <message>
        <source>MiB (measured)</source>
        <translation>МиБ (измерено)</translation>
    </message>
    <message>
        <source>Paper&apos;s MiB (predicted)</source>
        <translation>МиБ по статье (предсказано)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; keeps only block inputs (%2) and rebuilds every other tensor for backward</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; хранит только входы блоков (%2) и восстанавливает все остальные тензоры для обратного прохода</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; does not keep (recomputes or rebuilds): %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; не хранит (пересчитывает или восстанавливает): %2</translation>
    </message>
    <message>
        <source>head</source>
        <translation>голова модели</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>блок %1</translation>
    </message>
    <message>
        <source>How to read it: one bar per run, one colour per term, each of llama&apos;s tensors counted as Korthikanti et al. count GPT&apos;s (2 bytes a value, 1 a dropout mask; k is the key/value width, f the SwiGLU width); a colour missing from a bar is a tensor that policy recomputes instead of keeping. Below: one run&apos;s tensors, block by block.</source>
        <translation>Как читать: один столбец на запуск, один цвет на член; каждый тензор llama посчитан так, как Korthikanti и соавторы считают тензоры GPT (2 байта на значение, 1 на маску dropout; k — ширина ключей и значений, f — ширина SwiGLU); цвета, которого нет в столбце, — это тензор, который политика пересчитывает вместо того, чтобы хранить. Ниже — тензоры одного запуска, блок за блоком.</translation>
    </message>
</context>
<context>
    <name>LiveFigures</name>
    <message>
        <source>Figures from your last run of the demo, measured.</source>
        <translation>Числа — из вашего последнего запуска демо, измерены.</translation>
    </message>
    <message>
        <source>Figures not yet run here are predicted by the engine for the demo&apos;s own sizes; a run measures the same bytes and FLOPs.</source>
        <translation>Числа, которые здесь ещё не запускались, предсказаны движком для размеров самого демо; запуск измеряет те же байты и FLOP.</translation>
    </message>
    <message>
        <source>Times and errors are shown as measured when the text was checked, until you run the demo.</source>
        <translation>Время и ошибки показаны такими, какими их измерили при проверке текста, пока вы не запустите демо.</translation>
    </message>
</context>
<context>
    <name>LossChart</name>
    <message>
        <source>Loss per step (solid, left), distance from none&apos;s (dotted, right)</source>
        <translation>Потери на каждом шаге (сплошная линия, слева), отличие от none (точечная линия, справа)</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>шаг обучения</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>потери</translation>
    </message>
    <message>
        <source>|loss − none&apos;s loss|</source>
        <translation>|потери − потери none|</translation>
    </message>
    <message>
        <source>%1 − none</source>
        <translation>%1 − none</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>%1 — Recompute Lab</source>
        <translation>%1 — Recompute Lab</translation>
    </message>
    <message>
        <source>Recompute Lab</source>
        <translation>Recompute Lab</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>В&amp;ыход</translation>
    </message>
    <message>
        <source>&amp;Quiz</source>
        <translation>&amp;Тест</translation>
    </message>
    <message>
        <source>Back to &amp;quizzes</source>
        <translation>К списку &amp;тестов</translation>
    </message>
    <message>
        <source>View &amp;all questions</source>
        <translation>&amp;Все вопросы</translation>
    </message>
    <message>
        <source>&amp;Previous question</source>
        <translation>&amp;Предыдущий вопрос</translation>
    </message>
    <message>
        <source>&amp;Next question</source>
        <translation>&amp;Следующий вопрос</translation>
    </message>
    <message>
        <source>&amp;Run the demo</source>
        <translation>&amp;Запустить демо</translation>
    </message>
    <message>
        <source>Retry the &amp;wrong ones</source>
        <translation>Работа над &amp;ошибками</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Язык</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>Сочетания &amp;клавиш</translation>
    </message>
    <message>
        <source>&amp;About Recompute Lab</source>
        <translation>&amp;О программе Recompute Lab</translation>
    </message>
    <message numerus="yes">
        <source>Some content could not be loaded; everything else works. %n problem(s):</source>
        <translation>
            <numerusform>Часть содержимого не загрузилась; всё остальное работает. %n проблема:</numerusform>
            <numerusform>Часть содержимого не загрузилась; всё остальное работает. %n проблемы:</numerusform>
            <numerusform>Часть содержимого не загрузилась; всё остальное работает. %n проблем:</numerusform>
        </translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Сочетания клавиш</translation>
    </message>
    <message>
        <source>About Recompute Lab</source>
        <translation>О программе Recompute Lab</translation>
    </message>
    <message>
        <source>Recompute Lab teaches activation recomputation (gradient checkpointing) with quizzes and live demos that train a small GPT-style model and measure its memory and time.</source>
        <translation>Recompute Lab учит пересчёту активаций (чекпоинтингу активаций, gradient checkpointing) с помощью тестов и живых демо, которые обучают небольшую модель в стиле GPT и измеряют её память и время.</translation>
    </message>
    <message>
        <source>Start over</source>
        <translation>Начать заново</translation>
    </message>
    <message>
        <source>&amp;Open pack…</source>
        <translation>&amp;Открыть пакет…</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>О &amp;Qt</translation>
    </message>
    <message>
        <source>Free software under the MIT licence.</source>
        <translation>Свободная программа под лицензией MIT.</translation>
    </message>
    <message>
        <source>Source code: %1</source>
        <translation>Исходный код: %1</translation>
    </message>
    <message>
        <source>Report a problem: %1</source>
        <translation>Сообщить о проблеме: %1</translation>
    </message>
    <message>
        <source>Planner — Recompute Lab</source>
        <translation>Планировщик — Recompute Lab</translation>
    </message>
    <message>
        <source>Clear every answer of this quiz and start again? Your earlier attempts stay in its history.</source>
        <translation>Стереть все ответы этого теста и начать заново? Прежние попытки останутся в истории.</translation>
    </message>
    <message>
        <source>Plan your own mo&amp;del…</source>
        <translation>Спланировать свою &amp;модель…</translation>
    </message>
    <message>
        <source>1–%1: choose the option with that number</source>
        <translation>1–%1: выбрать вариант с этим номером</translation>
    </message>
    <message>
        <source>↑ ↓: move between the options</source>
        <translation>↑ ↓: перейти между вариантами</translation>
    </message>
    <message>
        <source>Tab, Shift+Tab: move between the controls</source>
        <translation>Tab, Shift+Tab: перейти между элементами</translation>
    </message>
    <message>
        <source>Space: press the focused button</source>
        <translation>Пробел: нажать кнопку в фокусе</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Alt+underlined letter: open that menu or go to that field</source>
        <translation>Alt+подчёркнутая буква: открыть это меню или перейти к этому полю</translation>
    </message>
    <message>
        <source>Open the Language menu</source>
        <translation>Открыть меню «Язык»</translation>
    </message>
    <message>
        <source>Enter: confirm the option you moved to, or go to the next question once answered, wherever the focus is</source>
        <translation>Enter: подтвердить вариант, к которому вы перешли, или после ответа перейти к следующему вопросу, где бы ни был фокус</translation>
    </message>
    <message>
        <source>Enter in a demo size field or the prediction: run the demo</source>
        <translation>Enter в поле размера демо или в предсказании: запустить демо</translation>
    </message>
    <message>
        <source>Your packs folder is %1.</source>
        <translation>Ваша папка пакетов: %1.</translation>
    </message>
    <message>
        <source>Content reloaded.</source>
        <translation>Содержимое загружено заново.</translation>
    </message>
    <message>
        <source>Opened the pack %1; it adds no quiz that is not already here.</source>
        <translation>Пакет %1 открыт; новых тестов в нём нет.</translation>
    </message>
    <message numerus="yes">
        <source>Opened the pack %1: %n new quiz(zes), %2.</source>
        <translation>
            <numerusform>Пакет %1 открыт: %n новый тест, %2.</numerusform>
            <numerusform>Пакет %1 открыт: %n новых теста, %2.</numerusform>
            <numerusform>Пакет %1 открыт: %n новых тестов, %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Open the packs &amp;folder</source>
        <translation>Открыть &amp;папку пакетов</translation>
    </message>
    <message>
        <source>The folder where packs you drop in are loaded from at every start.</source>
        <translation>Папка, из которой при каждом запуске загружаются положенные в неё пакеты.</translation>
    </message>
    <message>
        <source>Re&amp;load content</source>
        <translation>&amp;Загрузить содержимое заново</translation>
    </message>
    <message>
        <source>Removed the pack %1.</source>
        <translation>Пакет %1 убран.</translation>
    </message>
    <message>
        <source>Remove pack</source>
        <translation>Убрать пакет</translation>
    </message>
    <message>
        <source>Which pack do you want to remove?</source>
        <translation>Какой пакет убрать?</translation>
    </message>
    <message>
        <source>Remove the pack %1 from the app? Its files stay where they are, and your answers to its quizzes are kept for when you open it again.</source>
        <translation>Убрать пакет %1 из приложения? Его файлы останутся на месте, а ваши ответы на его тесты сохранятся до следующего открытия.</translation>
    </message>
    <message>
        <source>&amp;Remove pack…</source>
        <translation>&amp;Убрать пакет…</translation>
    </message>
    <message>
        <source>Take a pack you opened out of the app again; its files and your answers stay.</source>
        <translation>Убрать открытый вами пакет из приложения; его файлы и ваши ответы останутся.</translation>
    </message>
    <message>
        <source>&amp;Search questions and guides…</source>
        <translation>По&amp;иск по вопросам и руководствам…</translation>
    </message>
    <message>
        <source>&amp;Glossary</source>
        <translation>&amp;Глоссарий</translation>
    </message>
    <message>
        <source>E: explore the demo&apos;s run: every table and chart, its sizes and claims</source>
        <translation>E: запуск демо подробно: все таблицы и графики, размеры и утверждения</translation>
    </message>
    <message>
        <source>G: the question&apos;s guide section</source>
        <translation>G: раздел руководства к вопросу</translation>
    </message>
    <message>
        <source>Esc: back to the question from the guide or the run&apos;s page</source>
        <translation>Esc: назад к вопросу из руководства или со страницы запуска</translation>
    </message>
</context>
<context>
    <name>MemoryChart</name>
    <message>
        <source>Peak memory by category, MiB (measured)</source>
        <translation>Пиковая память по категориям, МиБ (измерено)</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>МиБ</translation>
    </message>
    <message>
        <source>Peak memory by category at %1 %2, MiB (measured)</source>
        <translation>Пиковая память по категориям (%1: %2), МиБ (измерено)</translation>
    </message>
</context>
<context>
    <name>NoticeBanner</name>
    <message>
        <source>Dismiss the notice</source>
        <translation>Скрыть уведомление</translation>
    </message>
    <message numerus="yes">
        <source>and %n more (hover to see all)</source>
        <translation>
            <numerusform>и ещё %n (наведите курсор, чтобы увидеть все)</numerusform>
            <numerusform>и ещё %n (наведите курсор, чтобы увидеть все)</numerusform>
            <numerusform>и ещё %n (наведите курсор, чтобы увидеть все)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OptionButton</name>
    <message>
        <source>Option %1: %2</source>
        <translation>Вариант %1: %2</translation>
    </message>
    <message>
        <source>Correct answer</source>
        <translation>Правильный ответ</translation>
    </message>
    <message>
        <source>Your answer, wrong</source>
        <translation>Ваш ответ, неверный</translation>
    </message>
    <message>
        <source>Press %1 to choose</source>
        <translation>Нажмите %1, чтобы выбрать</translation>
    </message>
</context>
<context>
    <name>PackDialog</name>
    <message>
        <source>Open a quiz pack</source>
        <translation>Открыть пакет тестов</translation>
    </message>
    <message>
        <source>Quiz packs (*.zip *.tar *.tar.gz *.tgz *.tar.xz *.txz *.tar.zst *.tzst)</source>
        <translation>Пакеты тестов (*.zip *.tar *.tar.gz *.tgz *.tar.xz *.txz *.tar.zst *.tzst)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Все файлы (*)</translation>
    </message>
    <message>
        <source>Pack:</source>
        <translation>Пакет:</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Открыть</translation>
    </message>
</context>
<context>
    <name>PeakCard</name>
    <message>
        <source>%1 MiB</source>
        <translation>%1 МиБ</translation>
    </message>
    <message>
        <source>At the peak</source>
        <translation>На пике</translation>
    </message>
    <message>
        <source>%1 of activations, reached in %2; the marker on the timeline.</source>
        <translation>%1 активаций, достигнуто: %2; отмечено на хронологии.</translation>
    </message>
    <message>
        <source>Live then (measured), largest first:</source>
        <translation>Живые в этот момент (измерено), крупнейшие первыми:</translation>
    </message>
    <message>
        <source>head</source>
        <translation>голова модели</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>блок %1</translation>
    </message>
    <message>
        <source>No other policy lowers this peak.</source>
        <translation>Никакая другая политика не снижает этот пик.</translation>
    </message>
    <message>
        <source>What would lower it (predicted); each button runs that policy at these sizes:</source>
        <translation>Что снизило бы его (предсказано); каждая кнопка запускает эту политику при этих размерах:</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Запустить %1</translation>
    </message>
    <message>
        <source>%1: peak %2 (predicted, %3 MiB)</source>
        <translation>%1: пик %2 (предсказано, %3 МиБ)</translation>
    </message>
    <message>
        <source>measured %1, exactly as predicted</source>
        <translation>измерено %1, ровно как предсказано</translation>
    </message>
    <message>
        <source>measured %1, not the predicted figure</source>
        <translation>измерено %1, не предсказанное значение</translation>
    </message>
    <message>
        <source>Running %1…</source>
        <translation>Выполняется %1…</translation>
    </message>
</context>
<context>
    <name>PlannerPage</name>
    <message>
        <source>Custom</source>
        <translation>Своя</translation>
    </message>
    <message>
        <source>fp32</source>
        <translation>fp32</translation>
    </message>
    <message>
        <source>bf16 with fp32 master weights (predicted only)</source>
        <translation>bf16 с мастер-весами в fp32 (только предсказание)</translation>
    </message>
    <message>
        <source>bf16 (saved copies)</source>
        <translation>bf16 (сохранённые копии)</translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>SGD с моментом</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 ГБ</translation>
    </message>
    <message>
        <source>This GPU: %1</source>
        <translation>Этот GPU: %1</translation>
    </message>
    <message>
        <source>Other:</source>
        <translation>Другой:</translation>
    </message>
    <message>
        <source>Planner</source>
        <translation>Планировщик</translation>
    </message>
    <message>
        <source>Which recomputation policy fits your model in your GPU&apos;s memory, and what it costs. Every figure on this page is predicted by the engine&apos;s memory predictor (the one that equals its measured peak in the demos); nothing is allocated or trained.</source>
        <translation>Какая политика пересчёта помещает вашу модель в память вашего GPU и чего это стоит. Каждое число на этой странице рассчитано моделью памяти движка (той, что в демо совпадает с измеренным пиком); ничего не выделяется и не обучается.</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Назад</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Модель</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Веса</translation>
    </message>
    <message>
        <source>Saved activations</source>
        <translation>Сохранённые активации</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Оптимизатор</translation>
    </message>
    <message>
        <source>Fused attention (keeps no T×T probabilities)</source>
        <translation>Fused attention (без хранения вероятностей T×T)</translation>
    </message>
    <message>
        <source>&amp;Budget</source>
        <translation>&amp;Бюджет памяти</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>Копировать код</translation>
    </message>
    <message numerus="yes">
        <source>segment:best (%n block(s))</source>
        <translation>
            <numerusform>segment:best (%n блок)</numerusform>
            <numerusform>segment:best (%n блока)</numerusform>
            <numerusform>segment:best (%n блоков)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 + offload</source>
        <translation>%1 + offload</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cannot plan this:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Спланировать нельзя:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Predicted for %1: %2 million parameters.</source>
        <translation>Предсказано для %1: %2 млн параметров.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cheapest policy that fits: %1&lt;/b&gt;, peak %2 GiB of %3 GiB, recomputing %4% of the step.</source>
        <translation>&lt;b&gt;Самая дешёвая подходящая политика: %1&lt;/b&gt;, пик %2 ГиБ из %3 ГиБ, пересчёт %4% шага.</translation>
    </message>
    <message>
        <source>&lt;b&gt;No policy fits this budget&lt;/b&gt;: try a smaller micro-batch or sequence.</source>
        <translation>&lt;b&gt;Ни одна политика не помещается в этот бюджет&lt;/b&gt;: попробуйте уменьшить микробатч или длину последовательности.</translation>
    </message>
    <message>
        <source>Predicted only: the engine cannot train bf16 weights, so no measurement backs these figures.</source>
        <translation>Только предсказание: движок не умеет обучать с весами bf16, поэтому эти числа не подтверждены измерением.</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>Политика</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Помещается</translation>
    </message>
    <message>
        <source>Predicted
peak, GiB</source>
        <translation>Предсказанный
пик, ГиБ</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Параметры</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>Градиенты</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>Сохранено</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>Буфер
пересчёта</translation>
    </message>
    <message>
        <source>Temporaries</source>
        <translation>Временные
буферы</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Хост</translation>
    </message>
    <message>
        <source>Recompute
FLOPs</source>
        <translation>FLOP
пересчёта</translation>
    </message>
    <message>
        <source>Max
micro-batch</source>
        <translation>Макс.
микробатч</translation>
    </message>
    <message>
        <source>Max
sequence</source>
        <translation>Макс. длина
последовательности</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>no plan</source>
        <translation>нет плана</translation>
    </message>
    <message>
        <source>All memory figures in GiB, predicted.</source>
        <translation>Вся память в ГиБ, предсказано.</translation>
    </message>
    <message>
        <source>Predicted peak, GiB, by micro-batch (T = %1)</source>
        <translation>Предсказанный пик, ГиБ, по микробатчу (T = %1)</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>Микробатч</translation>
    </message>
    <message>
        <source>Predicted peak, GiB, by sequence (B = %1)</source>
        <translation>Предсказанный пик, ГиБ, по длине последовательности (B = %1)</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>Длина последовательности</translation>
    </message>
    <message>
        <source>your budget</source>
        <translation>ваш бюджет</translation>
    </message>
    <message>
        <source>Code: pick a policy in the table to see the code that does it.</source>
        <translation>Код: выберите политику в таблице, чтобы увидеть код, который её реализует.</translation>
    </message>
    <message>
        <source>Code for %1. Each snippet says the version it needs in its first line.</source>
        <translation>Код для %1. В первой строке каждого фрагмента указана нужная ему версия.</translation>
    </message>
    <message>
        <source>PyTorch, per block</source>
        <translation>PyTorch, по блокам</translation>
    </message>
    <message>
        <source>PyTorch, checkpoint_sequential</source>
        <translation>PyTorch, checkpoint_sequential</translation>
    </message>
    <message>
        <source>PyTorch, selective</source>
        <translation>PyTorch, выборочный пересчёт</translation>
    </message>
    <message>
        <source>Megatron-LM</source>
        <translation>Megatron-LM</translation>
    </message>
    <message>
        <source>JAX</source>
        <translation>JAX</translation>
    </message>
    <message>
        <source>Needs %1.</source>
        <translation>Требуется: %1.</translation>
    </message>
    <message>
        <source> GB</source>
        <translation> ГБ</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Custom (llama block)</source>
        <translation>Своя (блок llama)</translation>
    </message>
    <message>
        <source>Key/value heads</source>
        <translation>Головы ключей и значений</translation>
    </message>
    <message>
        <source>MLP hidden size</source>
        <translation>Скрытый размер MLP</translation>
    </message>
    <message>
        <source>Grouped-query attention&apos;s key/value heads: they must divide the heads, and tensor parallelism must divide them.</source>
        <translation>Головы ключей и значений grouped-query attention: число голов должно делиться на них, а они — на тензорный параллелизм.</translation>
    </message>
    <message>
        <source>The MLP&apos;s hidden width: 4 × width in GPT-2&apos;s block, SwiGLU&apos;s size in llama&apos;s.</source>
        <translation>Скрытая ширина MLP: 4 × ширина в блоке GPT-2, размер SwiGLU в блоке llama.</translation>
    </message>
    <message>
        <source>Prepared for %1: predicted, not measured. The engine trains on one device, so what this question asks about many GPUs is shown here from the planner&apos;s formulas, which its tests check against the papers. Change any field to explore; Back returns to the question.</source>
        <translation>Подготовлено для %1: предсказано, а не измерено. Движок обучает на одном устройстве, поэтому то, о чём этот вопрос спрашивает для многих GPU, показано здесь по формулам планировщика, которые его тесты сверяют со статьями. Меняйте любые поля, чтобы исследовать; «Назад» вернёт к вопросу.</translation>
    </message>
    <message>
        <source>Biases on q, k and v (Qwen2&apos;s block)</source>
        <translation>Смещения (bias) у q, k и v (блок Qwen2)</translation>
    </message>
</context>
<context>
    <name>PlannerViewPanel</name>
    <message>
        <source>Planner view: predicted</source>
        <translation>Вид планировщика: предсказано</translation>
    </message>
    <message>
        <source>This question is about many GPUs, and the engine trains on one device, so it has no live demo. The Planner shows it instead, with the settings below, from its formulas (checked against the papers in its tests): nothing here is measured.</source>
        <translation>Этот вопрос о многих GPU, а движок обучает на одном устройстве, поэтому живого демо у вопроса нет. Вместо него это показывает планировщик с настройками ниже, по своим формулам (его тесты сверяют их со статьями): здесь ничего не измерено.</translation>
    </message>
    <message>
        <source>Open in the Planner</source>
        <translation>Открыть в планировщике</translation>
    </message>
    <message>
        <source>a custom llama block: %1 layers, width %2, %3 heads, %4 key/value heads, MLP %5</source>
        <translation>свой блок llama: слоёв %1, ширина %2, голов %3, голов ключей и значений %4, MLP %5</translation>
    </message>
    <message>
        <source>a custom GPT-2 block: %1 layers, width %2, %3 heads</source>
        <translation>свой блок GPT-2: слоёв %1, ширина %2, голов %3</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Модель: %1</translation>
    </message>
    <message>
        <source>sequence %1, micro-batch %2</source>
        <translation>длина последовательности %1, микробатч %2</translation>
    </message>
    <message>
        <source>%1 GB a GPU</source>
        <translation>%1 ГБ на GPU</translation>
    </message>
    <message>
        <source>bf16 weights</source>
        <translation>веса bf16</translation>
    </message>
    <message>
        <source>data parallel %1</source>
        <translation>параллелизм по данным %1</translation>
    </message>
    <message>
        <source>tensor parallel %1</source>
        <translation>тензорный параллелизм %1</translation>
    </message>
    <message>
        <source>sequence parallel</source>
        <translation>последовательностный параллелизм</translation>
    </message>
    <message>
        <source>pipeline stages %1</source>
        <translation>стадий конвейера %1</translation>
    </message>
    <message numerus="yes">
        <source>%n virtual stage(s)</source>
        <translation>
            <numerusform>%n виртуальная стадия</numerusform>
            <numerusform>%n виртуальные стадии</numerusform>
            <numerusform>%n виртуальных стадий</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n micro-batch(es) a step</source>
        <translation>
            <numerusform>%n микробатч за шаг</numerusform>
            <numerusform>%n микробатча за шаг</numerusform>
            <numerusform>%n микробатчей за шаг</numerusform>
        </translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation>ZeRO-%1</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) of %1</source>
        <translation>
            <numerusform>%n узел по %1</numerusform>
            <numerusform>%n узла по %1</numerusform>
            <numerusform>%n узлов по %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Policy shown: %1.</source>
        <translation>Показана политика: %1.</translation>
    </message>
    <message numerus="yes">
        <source>Predicted with %1: pipeline rank %2 peaks at %3 GiB a GPU (%4 GiB budget), holding %n micro-batch(es) of its layers in flight.</source>
        <translation>
            <numerusform>Предсказано для %1: пик у ранга конвейера %2, %3 ГиБ на GPU (бюджет %4 ГиБ), он держит в обработке %n микробатч своих слоёв.</numerusform>
            <numerusform>Предсказано для %1: пик у ранга конвейера %2, %3 ГиБ на GPU (бюджет %4 ГиБ), он держит в обработке %n микробатча своих слоёв.</numerusform>
            <numerusform>Предсказано для %1: пик у ранга конвейера %2, %3 ГиБ на GPU (бюджет %4 ГиБ), он держит в обработке %n микробатчей своих слоёв.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PredictionBox</name>
    <message>
        <source>Choose a run</source>
        <translation>Выберите запуск</translation>
    </message>
</context>
<context>
    <name>PredictionTexts</name>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Predict before you run: %1 of %2 as a percentage of %3&apos;s?</source>
        <translation>Предскажите до запуска: %1 у %2 — сколько это процентов от %3?</translation>
    </message>
    <message>
        <source>Predict before you run: which run will have the most %1?</source>
        <translation>Предскажите до запуска: у какого запуска будет больше всего — %1?</translation>
    </message>
    <message>
        <source>Predict before you run: which run will have the least %1?</source>
        <translation>Предскажите до запуска: у какого запуска будет меньше всего — %1?</translation>
    </message>
    <message>
        <source>Close.</source>
        <translation>Близко.</translation>
    </message>
    <message>
        <source>Off by %1 points.</source>
        <translation>Расхождение: %1 п. п.</translation>
    </message>
    <message>
        <source>Right.</source>
        <translation>Верно.</translation>
    </message>
    <message>
        <source>Not this time.</source>
        <translation>На этот раз нет.</translation>
    </message>
    <message>
        <source>Measured: &lt;b&gt;%1&lt;/b&gt; (%2).</source>
        <translation>Измерено: &lt;b&gt;%1&lt;/b&gt; (%2).</translation>
    </message>
    <message>
        <source>You made no prediction.</source>
        <translation>Вы не сделали предсказания.</translation>
    </message>
    <message>
        <source>You predicted &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation>Ваше предсказание: &lt;b&gt;%1&lt;/b&gt;.</translation>
    </message>
</context>
<context>
    <name>ProgressStore</name>
    <message>
        <source>it is larger than any progress file could be</source>
        <translation>он больше, чем может быть файл прогресса</translation>
    </message>
    <message>
        <source>it is not a JSON object</source>
        <translation>это не объект JSON</translation>
    </message>
    <message>
        <source>its version is not %1</source>
        <translation>его версия не %1</translation>
    </message>
    <message>
        <source>its language is not text</source>
        <translation>язык в нём не текст</translation>
    </message>
    <message>
        <source>its quizzes are not an object</source>
        <translation>тесты в нём не объект</translation>
    </message>
    <message>
        <source>the answers of %1 are not an object</source>
        <translation>ответы теста %1 — не объект</translation>
    </message>
    <message>
        <source>an answer in %1 is not text</source>
        <translation>ответ в %1 не текст</translation>
    </message>
    <message>
        <source>it is a symbolic link, not a regular file; progress is never written through a link</source>
        <translation>это символьная ссылка, а не обычный файл; прогресс никогда не записывается через ссылку</translation>
    </message>
    <message>
        <source>it was written by a newer Recompute Lab in format %1, and this one reads formats 1 and %2</source>
        <translation>он записан более новой версией Recompute Lab в формате %1, а эта читает форматы 1 и %2</translation>
    </message>
    <message>
        <source>Your progress file %1 is damaged (%2); it is left as it is and progress starts empty.</source>
        <translation>Файл прогресса %1 повреждён (%2); он оставлен как есть, прогресс начинается заново.</translation>
    </message>
    <message>
        <source>another Recompute Lab window held it for over %1 s</source>
        <translation>другое окно Recompute Lab удерживало его дольше %1 с</translation>
    </message>
    <message>
        <source>its lock file cannot be made in that folder</source>
        <translation>файл блокировки нельзя создать в этой папке</translation>
    </message>
    <message>
        <source>it would be larger than any progress file may be</source>
        <translation>он был бы больше, чем может быть файл прогресса</translation>
    </message>
    <message>
        <source>Could not save your progress to %1 (%2); the file keeps the progress saved before.</source>
        <translation>Не удалось сохранить прогресс в %1 (%2); в файле остаётся прогресс, сохранённый ранее.</translation>
    </message>
    <message>
        <source>Your progress file was damaged (%1); it was moved to %2 and progress starts empty.</source>
        <translation>Файл прогресса был повреждён (%1); он перемещён в %2, прогресс начинается заново.</translation>
    </message>
    <message>
        <source>Your progress file %1 is damaged (%2) and could not be moved aside; progress starts empty.</source>
        <translation>Файл прогресса %1 повреждён (%2), и его не удалось переместить; прогресс начинается заново.</translation>
    </message>
    <message>
        <source>it is not a regular file</source>
        <translation>это не обычный файл</translation>
    </message>
    <message>
        <source>Could not read your progress from %1 (%2); the file is kept as it is and this session&apos;s answers will not be saved.</source>
        <translation>Не удалось прочитать прогресс из %1 (%2); файл оставлен как есть, и ответы этого сеанса не будут сохранены.</translation>
    </message>
    <message>
        <source>the progress of %1 is malformed</source>
        <translation>прогресс теста %1 записан в неверном формате</translation>
    </message>
    <message>
        <source>its lock file %1 is not a regular file</source>
        <translation>его файл блокировки %1 — не обычный файл</translation>
    </message>
    <message>
        <source>its language is not a language code</source>
        <translation>язык в нём не код языка</translation>
    </message>
    <message>
        <source>Part of your progress file %1 could not be read (%2), and it could not be moved aside; it is kept as it is and this session&apos;s answers will not be saved.</source>
        <translation>Часть файла прогресса %1 не удалось прочитать (%2), и его не удалось переместить; он оставлен как есть, и ответы этого сеанса не будут сохранены.</translation>
    </message>
    <message>
        <source>Part of your progress file could not be read (%1); the file was moved to %2, and what could be read is kept.</source>
        <translation>Часть файла прогресса не удалось прочитать (%1); файл перемещён в %2, а всё, что удалось прочитать, сохранено.</translation>
    </message>
    <message>
        <source>%1 holds %2 attempts, more than the %3 kept of a quiz</source>
        <translation>в %1 %2 попыток, больше, чем %3, которые хранятся для теста</translation>
    </message>
</context>
<context>
    <name>QuestionListPage</name>
    <message>
        <source>◀ Back to the question</source>
        <translation>◀ К вопросу</translation>
    </message>
    <message>
        <source>No.</source>
        <translation>№</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Вопрос</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>Ваш ответ</translation>
    </message>
    <message>
        <source>All questions of the quiz</source>
        <translation>Все вопросы теста</translation>
    </message>
    <message>
        <source>%1 of %2 answered, %3 correct. Double-click or press Enter on a question to open it.</source>
        <translation>Отвечено %1 из %2, верно %3. Дважды щёлкните вопрос или нажмите Enter, чтобы открыть его.</translation>
    </message>
    <message>
        <source>Not answered</source>
        <translation>Нет ответа</translation>
    </message>
    <message>
        <source>✔ Correct</source>
        <translation>✔ Верно</translation>
    </message>
    <message>
        <source>✘ Wrong</source>
        <translation>✘ Неверно</translation>
    </message>
</context>
<context>
    <name>QuestionPage</name>
    <message>
        <source>Question %1 of %2</source>
        <translation>Вопрос %1 из %2</translation>
    </message>
    <message>
        <source>· retrying the wrong ones: %1 of %2</source>
        <translation>· работа над ошибками: %1 из %2</translation>
    </message>
    <message>
        <source>See results</source>
        <translation>Результаты</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Далее</translation>
    </message>
    <message>
        <source>✔ Correct.</source>
        <translation>✔ Верно.</translation>
    </message>
    <message>
        <source>✘ Not quite: the right answer is %1.</source>
        <translation>✘ Не совсем: правильный ответ — %1.</translation>
    </message>
    <message>
        <source>Why:</source>
        <translation>Почему:</translation>
    </message>
    <message>
        <source>Why “%1” is wrong:</source>
        <translation>Почему «%1» неверно:</translation>
    </message>
    <message>
        <source>This question has no guide section.</source>
        <translation>У этого вопроса нет раздела руководства.</translation>
    </message>
    <message>
        <source>Guide</source>
        <translation>Руководство</translation>
    </message>
    <message>
        <source>References</source>
        <translation>Источники</translation>
    </message>
    <message>
        <source>Guide: %1</source>
        <translation>Руководство: %1</translation>
    </message>
    <message>
        <source>◀ Quizzes</source>
        <translation>◀ Тесты</translation>
    </message>
    <message>
        <source>Back to the list of quizzes</source>
        <translation>К списку тестов</translation>
    </message>
    <message>
        <source>View all questions</source>
        <translation>Все вопросы</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Предыдущий</translation>
    </message>
    <message>
        <source>Previous question</source>
        <translation>Предыдущий вопрос</translation>
    </message>
    <message>
        <source>Live demo</source>
        <translation>Живое демо</translation>
    </message>
    <message>
        <source>Guide section</source>
        <translation>Раздел руководства</translation>
    </message>
    <message>
        <source>Read more in the guide: %1</source>
        <translation>Подробнее в руководстве: %1</translation>
    </message>
    <message>
        <source>This question&apos;s guide section holds its answer. Answer first, then read it; or open it now, and your attempt notes that you did.</source>
        <translation>В разделе руководства к этому вопросу есть ответ. Сначала ответьте, потом читайте; или откройте его сейчас — это будет отмечено в попытке.</translation>
    </message>
    <message>
        <source>&amp;Open the guide now</source>
        <translation>&amp;Открыть руководство сейчас</translation>
    </message>
    <message>
        <source>Keys: 1–%1 choose · Enter next · ← → move</source>
        <translation>Клавиши: 1–%1 выбор · Enter далее · ← → переход</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Содержание</translation>
    </message>
    <message>
        <source>Back to this question&apos;s section: %1</source>
        <translation>Назад к разделу этого вопроса: %1</translation>
    </message>
    <message>
        <source>question %1 of “%2”</source>
        <translation>вопроса %1 из «%2»</translation>
    </message>
    <message>
        <source>Keys: 1–%1 choose · Enter next · ← → move · R opens the Planner</source>
        <translation>Клавиши: 1–%1 выбор · Enter далее · ← → переход · R открывает планировщик</translation>
    </message>
    <message>
        <source>Planner view, predicted</source>
        <translation>Вид планировщика, предсказано</translation>
    </message>
    <message>
        <source>Keys: 1–%1 choose · Enter next · ← → move · R runs the demo · E explores the run · G guide</source>
        <translation>Клавиши: 1–%1 выбор · Enter далее · ← → переход · R запускает демо · E запуск подробно · G руководство</translation>
    </message>
    <message>
        <source>✔ Right, on the second try.</source>
        <translation>✔ Верно, со второй попытки.</translation>
    </message>
    <message>
        <source>Not quite. Here is a hint; choose once more.</source>
        <translation>Не совсем. Вот подсказка; выберите ещё раз.</translation>
    </message>
    <message>
        <source>Why “%1” is not it:</source>
        <translation>Почему не «%1»:</translation>
    </message>
    <message>
        <source>&amp;Guide</source>
        <translation>&amp;Руководство</translation>
    </message>
    <message>
        <source>This question&apos;s guide section, on a page of its own (G).</source>
        <translation>Раздел руководства к этому вопросу, на отдельной странице (G).</translation>
    </message>
    <message>
        <source>◀ Back to the question</source>
        <translation>◀ К вопросу</translation>
    </message>
    <message>
        <source>Back to the question, where you left it (Esc).</source>
        <translation>Назад к вопросу, туда, где вы остановились (Esc).</translation>
    </message>
    <message>
        <source>④ Your answer</source>
        <translation>④ Ваш ответ</translation>
    </message>
    <message>
        <source>This question has no demo: its guide section explains it.</source>
        <translation>У этого вопроса нет демо: его объясняет раздел руководства.</translation>
    </message>
    <message>
        <source>Keys: Enter checks your figure, then goes on · ← → move · R runs the demo · E explores the run</source>
        <translation>Клавиши: Enter проверяет ваше число, затем далее · ← → переход · R запускает демо · E запуск подробно</translation>
    </message>
    <message>
        <source>✘ Not quite.</source>
        <translation>✘ Не совсем.</translation>
    </message>
    <message>
        <source>✔ Right: your run measured %1%; you said %2%.</source>
        <translation>✔ Верно: ваш запуск показал %1%, вы ответили %2%.</translation>
    </message>
    <message>
        <source>✘ Not quite: your run measured %1%; you said %2%.</source>
        <translation>✘ Не совсем: ваш запуск показал %1%, вы ответили %2%.</translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation>Про&amp;верить</translation>
    </message>
    <message>
        <source>Your figure:</source>
        <translation>Ваше число:</translation>
    </message>
    <message>
        <source>Your figure, read off your run, in percent (right within %1 points):</source>
        <translation>Ваше число из вашего запуска, в процентах (верно с точностью до %1 п.):</translation>
    </message>
    <message>
        <source>Run the demo first (R): the figure is read off your own run.</source>
        <translation>Сначала запустите демо (R): число берётся из вашего собственного запуска.</translation>
    </message>
</context>
<context>
    <name>QuizRecord</name>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
</context>
<context>
    <name>ResultsPage</name>
    <message>
        <source>◀ Quizzes</source>
        <translation>◀ Тесты</translation>
    </message>
    <message>
        <source>Back to the list of quizzes</source>
        <translation>К списку тестов</translation>
    </message>
    <message>
        <source>Start over</source>
        <translation>Начать заново</translation>
    </message>
    <message>
        <source>Clear every answer and start again</source>
        <translation>Стереть все ответы и начать заново</translation>
    </message>
    <message>
        <source>Retry the wrong ones (%1)</source>
        <translation>Работа над ошибками (%1)</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n correct</source>
        <translation>
            <numerusform>%1 из %n верно</numerusform>
            <numerusform>%1 из %n верно</numerusform>
            <numerusform>%1 из %n верно</numerusform>
        </translation>
    </message>
    <message>
        <source>Every answer is right. Well done!</source>
        <translation>Все ответы верны. Отлично!</translation>
    </message>
    <message>
        <source>Review of your mistakes</source>
        <translation>Разбор ошибок</translation>
    </message>
    <message>
        <source>Question %1</source>
        <translation>Вопрос %1</translation>
    </message>
    <message>
        <source>Your answer:</source>
        <translation>Ваш ответ:</translation>
    </message>
    <message>
        <source>Right answer:</source>
        <translation>Правильный ответ:</translation>
    </message>
    <message>
        <source>Not answered yet:</source>
        <translation>Ещё без ответа:</translation>
    </message>
    <message>
        <source>first try</source>
        <translation>первая попытка</translation>
    </message>
    <message>
        <source>retry of the wrong ones</source>
        <translation>работа над ошибками</translation>
    </message>
    <message>
        <source>review</source>
        <translation>повторение</translation>
    </message>
    <message>
        <source>started over</source>
        <translation>начато заново</translation>
    </message>
    <message>
        <source>first try %1 of %2 · best %3 of %2</source>
        <translation>с первой попытки %1 из %2 · лучший результат %3 из %2</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Вопрос</translation>
    </message>
    <message>
        <source>First try</source>
        <translation>Первая попытка</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Сейчас</translation>
    </message>
    <message>
        <source>Guide</source>
        <translation>Руководство</translation>
    </message>
    <message>
        <source>due for review</source>
        <translation>пора повторить</translation>
    </message>
    <message>
        <source>What to review next</source>
        <translation>Что повторить дальше</translation>
    </message>
    <message>
        <source>Your attempts</source>
        <translation>Ваши попытки</translation>
    </message>
    <message>
        <source>before history was kept</source>
        <translation>до начала ведения истории</translation>
    </message>
    <message>
        <source>Attempt %1 (%2), %3: %4 of %5 right</source>
        <translation>Попытка %1 (%2), %3: верно %4 из %5</translation>
    </message>
    <message>
        <source>opened the guide before answering question %1</source>
        <translation>руководство открыто до ответа на вопрос %1</translation>
    </message>
    <message>
        <source>Export results…</source>
        <translation>Экспорт результатов…</translation>
    </message>
    <message>
        <source>Save these results as a spreadsheet (CSV) or as a page to print or keep (HTML).</source>
        <translation>Сохранить эти результаты как таблицу (CSV) или как страницу для печати и хранения (HTML).</translation>
    </message>
    <message>
        <source>not answered</source>
        <translation>нет ответа</translation>
    </message>
    <message>
        <source>right</source>
        <translation>верно</translation>
    </message>
    <message>
        <source>wrong</source>
        <translation>неверно</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>Номер</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>Ваш ответ</translation>
    </message>
    <message>
        <source>Right answer</source>
        <translation>Правильный ответ</translation>
    </message>
    <message>
        <source>Exported from Recompute Lab on %1.</source>
        <translation>Экспортировано из Recompute Lab %1.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2.</source>
        <translation>Не удалось записать %1: %2.</translation>
    </message>
    <message>
        <source>Export results</source>
        <translation>Экспорт результатов</translation>
    </message>
    <message>
        <source>Page to print or keep (*.html);;Spreadsheet (*.csv)</source>
        <translation>Страница для печати и хранения (*.html);;Таблица (*.csv)</translation>
    </message>
    <message>
        <source>a figure within %1 points of the run&apos;s</source>
        <translation>число в пределах %1 п. от измеренного</translation>
    </message>
    <message>
        <source>a figure off the run&apos;s</source>
        <translation>число далеко от измеренного</translation>
    </message>
</context>
<context>
    <name>ReviewSchedule</name>
    <message numerus="yes">
        <source>Review (%n due)</source>
        <translation>
            <numerusform>Повторить (%n вопрос)</numerusform>
            <numerusform>Повторить (%n вопроса)</numerusform>
            <numerusform>Повторить (%n вопросов)</numerusform>
        </translation>
    </message>
    <message>
        <source>Questions you answered wrongly come back after 1, 2, 4, 8 and 16 days until you get them right.</source>
        <translation>Вопросы, на которые вы ответили неверно, возвращаются через 1, 2, 4, 8 и 16 дней, пока вы не ответите верно.</translation>
    </message>
</context>
<context>
    <name>SearchDialog</name>
    <message>
        <source>Search questions and guides</source>
        <translation>Поиск по вопросам и руководствам</translation>
    </message>
    <message>
        <source>Words to find, such as: offload</source>
        <translation>Слова для поиска, например: offload</translation>
    </message>
    <message>
        <source>Matches</source>
        <translation>Совпадения</translation>
    </message>
    <message>
        <source>Question %1 · %2</source>
        <translation>Вопрос %1 · %2</translation>
    </message>
    <message>
        <source>Guide: %1</source>
        <translation>Руководство: %1</translation>
    </message>
    <message>
        <source>Type a word to search every quiz and guide.</source>
        <translation>Введите слово, чтобы искать во всех тестах и руководствах.</translation>
    </message>
    <message>
        <source>No matches.</source>
        <translation>Ничего не найдено.</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n совпадение</numerusform>
            <numerusform>%n совпадения</numerusform>
            <numerusform>%n совпадений</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SizeSliders</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>SizeWords</name>
    <message>
        <source>layers</source>
        <translation>слои</translation>
    </message>
    <message>
        <source>La&amp;yers</source>
        <translation>Сло&amp;и</translation>
    </message>
    <message>
        <source>Number of layers</source>
        <translation>Число слоёв</translation>
    </message>
    <message>
        <source>width</source>
        <translation>ширина</translation>
    </message>
    <message>
        <source>&amp;Width</source>
        <translation>&amp;Ширина</translation>
    </message>
    <message>
        <source>Model width</source>
        <translation>Ширина модели</translation>
    </message>
    <message>
        <source>heads</source>
        <translation>головы</translation>
    </message>
    <message>
        <source>H&amp;eads</source>
        <translation>&amp;Головы</translation>
    </message>
    <message>
        <source>Number of attention heads</source>
        <translation>Число голов внимания</translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation>длина последовательности</translation>
    </message>
    <message>
        <source>&amp;Sequence</source>
        <translation>&amp;Длина последовательности</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>Длина последовательности</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>батч</translation>
    </message>
    <message>
        <source>&amp;Batch</source>
        <translation>&amp;Батч</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>Размер батча</translation>
    </message>
    <message>
        <source>vocabulary</source>
        <translation>словарь</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>Словарь</translation>
    </message>
    <message>
        <source>Vocabulary size</source>
        <translation>Размер словаря</translation>
    </message>
    <message>
        <source>At most %1 layers are allowed for this demo.</source>
        <translation>Число слоёв в этом демо — не больше %1.</translation>
    </message>
    <message>
        <source>The width may be at most %1 for this demo.</source>
        <translation>В этом демо ширина может быть не больше %1.</translation>
    </message>
    <message>
        <source>At most %1 heads are allowed for this demo.</source>
        <translation>Число голов в этом демо — не больше %1.</translation>
    </message>
    <message>
        <source>The sequence length may be at most %1 for this demo.</source>
        <translation>В этом демо длина последовательности может быть не больше %1.</translation>
    </message>
    <message>
        <source>The batch may be at most %1 for this demo.</source>
        <translation>В этом демо батч может быть не больше %1.</translation>
    </message>
    <message>
        <source>The vocabulary may be at most %1 for this demo.</source>
        <translation>В этом демо словарь может быть не больше %1.</translation>
    </message>
    <message>
        <source>Micro-ba&amp;tch</source>
        <translation>Микробат&amp;ч</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <source>Beginner</source>
        <translation>Начальный уровень</translation>
    </message>
    <message>
        <source>Intermediate</source>
        <translation>Средний уровень</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>Продвинутый уровень</translation>
    </message>
    <message>
        <source>Recompute Lab</source>
        <translation>Recompute Lab</translation>
    </message>
    <message>
        <source>Learn activation recomputation (gradient checkpointing) by answering questions. Each question opens a live demo that trains a small GPT-style model and measures memory and time.</source>
        <translation>Изучайте пересчёт активаций (чекпоинтинг активаций, gradient checkpointing), отвечая на вопросы. Каждый вопрос открывает живое демо: оно обучает небольшую модель в стиле GPT и измеряет память и время.</translation>
    </message>
    <message>
        <source>No quizzes could be loaded. See the notice above for what went wrong.</source>
        <translation>Не удалось загрузить ни одного теста. Что пошло не так, написано в уведомлении выше.</translation>
    </message>
    <message numerus="yes">
        <source>%n question(s)</source>
        <translation>
            <numerusform>%n вопрос</numerusform>
            <numerusform>%n вопроса</numerusform>
            <numerusform>%n вопросов</numerusform>
        </translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>Не начат</translation>
    </message>
    <message numerus="yes">
        <source>%n answered</source>
        <translation>
            <numerusform>Отвечено: %n</numerusform>
            <numerusform>Отвечено: %n</numerusform>
            <numerusform>Отвечено: %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n correct</source>
        <translation>
            <numerusform>Верно: %n</numerusform>
            <numerusform>Верно: %n</numerusform>
            <numerusform>Верно: %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Начать</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>Продолжить</translation>
    </message>
    <message>
        <source>Open quiz %1</source>
        <translation>Открыть тест %1</translation>
    </message>
    <message>
        <source>Start over</source>
        <translation>Начать заново</translation>
    </message>
    <message>
        <source>Clear the answers of %1</source>
        <translation>Стереть ответы теста %1</translation>
    </message>
    <message>
        <source>Plan your own model…</source>
        <translation>Спланировать свою модель…</translation>
    </message>
    <message>
        <source>Which recomputation policy fits your model in your GPU&apos;s memory, what it costs, and the code that does it.</source>
        <translation>Какая политика пересчёта помещает вашу модель в память вашего GPU, чего это стоит и каким кодом это сделать.</translation>
    </message>
    <message>
        <source>first try %1 of %2</source>
        <translation>с первой попытки %1 из %2</translation>
    </message>
    <message>
        <source>best %1 of %2</source>
        <translation>лучший результат %1 из %2</translation>
    </message>
    <message>
        <source>See results</source>
        <translation>Результаты</translation>
    </message>
    <message>
        <source>Review the questions of %1 due today</source>
        <translation>Повторить сегодняшние вопросы теста %1</translation>
    </message>
    <message>
        <source>%1 of %2 mastered</source>
        <translation>освоено %1 из %2</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Новый</translation>
    </message>
    <message>
        <source>This quiz came with the pack you just opened.</source>
        <translation>Этот тест пришёл с пакетом, который вы только что открыли.</translation>
    </message>
</context>
<context>
    <name>StepTimeChart</name>
    <message>
        <source>Step time, ms (measured, warm-up excluded)</source>
        <translation>Время шага, мс (измерено, без разогрева)</translation>
    </message>
    <message>
        <source>fastest step</source>
        <translation>самый быстрый шаг</translation>
    </message>
    <message>
        <source>median step</source>
        <translation>медианный шаг</translation>
    </message>
    <message>
        <source>slowest step</source>
        <translation>самый медленный шаг</translation>
    </message>
    <message>
        <source>ms per step</source>
        <translation>мс на шаг</translation>
    </message>
    <message>
        <source>Median step time, ms (measured, warm-up excluded)</source>
        <translation>Медианное время шага, мс (измерено, без разогрева)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Same as none within noise: %1</source>
        <translation>Как у none в пределах шума: %1</translation>
    </message>
</context>
<context>
    <name>SweepChart</name>
    <message>
        <source>peak activation MiB</source>
        <translation>пик активаций, МиБ</translation>
    </message>
    <message>
        <source>Peak activation memory, MiB, log-log: measured (solid), predicted (dashed)</source>
        <translation>Пиковая память активаций, МиБ, лог-лог: измерено (сплошная), предсказано (пунктир)</translation>
    </message>
    <message>
        <source>%1 ∝ %2^%3</source>
        <translation>%1 ∝ %2^%3</translation>
    </message>
    <message>
        <source>%1 · dotted: extrapolated, sqrt keeps less than full from ≈%2</source>
        <translation>%1 · точечная линия: экстраполяция; sqrt хранит меньше, чем full, начиная с ≈%2</translation>
    </message>
</context>
<context>
    <name>TimelineChart</name>
    <message>
        <source>MiB</source>
        <translation>МиБ</translation>
    </message>
    <message>
        <source>One step of %1: activations, MiB (measured)</source>
        <translation>Один шаг %1: активации, МиБ (измерено)</translation>
    </message>
    <message>
        <source>One step: activations, MiB (measured)</source>
        <translation>Один шаг: активации, МиБ (измерено)</translation>
    </message>
    <message>
        <source>all memory</source>
        <translation>вся память</translation>
    </message>
    <message>
        <source>%1: activations</source>
        <translation>%1: активации</translation>
    </message>
    <message>
        <source>ops of the step: forward, then recompute and backward, each run lined up phase by phase</source>
        <translation>операции шага: прямой проход, затем пересчёт и обратный проход; запуски выровнены по фазам</translation>
    </message>
    <message>
        <source>peak (measured)</source>
        <translation>пик (измерено)</translation>
    </message>
</context>
</TS>
